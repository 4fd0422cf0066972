import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const siteHost = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'site-host.ts')).href;

describe('the built site host', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'site-host-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('loads the server renderer as built, not rewritten by the tsx loader npm start runs under', () => {
    mkdirSync(path.join(dist, '.ssr'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    // tsx rewrites every file it loads with minified whitespace (and a source
    // map of its own): a line break left in the function's source says Node read the file itself.
    writeFileSync(
      path.join(dist, '.ssr', 'entry-server.js'),
      'export function createSiteRenderer() {\n\tconst kept = "as built";\n\treturn kept;\n}\n',
    );
    const script = `
      const { builtSiteHost } = await import(${JSON.stringify(siteHost)});
      const { createSiteRenderer } = await builtSiteHost(${JSON.stringify(dist)}).renderer();
      console.log(JSON.stringify(String(createSiteRenderer)));`;
    const source = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }),
    ) as string;
    expect(source).toContain('\n\tconst kept = "as built";\n');
  });
});
