/**
 * `npm run export -- <backup.zip>`
 *
 * "Exportar tudo" from the command line, through the same code as the admin
 * screen (src/features/archive/api/export-archive.ts): every post, both
 * languages' settings and every picture in Storage, in one zip that
 * `npm run import` (or the admin screen) restores on any install. Against the
 * backend create-admin would use (server/cli/create-admin.ts). The zip is
 * written beside its final name and renamed at the end, so a failure never
 * leaves a file that looks like a whole backup; mode 0600 (it holds drafts).
 *
 * Exit codes: 0 done, 2 bad usage, 1 anything else (the reason on stderr).
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exportArchive } from '../../src/features/archive/api/export-archive.ts';
import { CliError, runCommand, serviceClient } from './create-admin.ts';
import { requireSupportedNode } from '../runtime.ts';

const USAGE = 'Usage: npm run export -- <backup.zip>';

export function parseExportArgs(argv: string[]): { file: string } {
  if (argv.includes('--help') || argv.includes('-h')) throw new CliError(USAGE, 0);
  const unknown = argv.find((a) => a.startsWith('-'));
  if (unknown) throw new CliError(`Unknown argument ${unknown}.\n${USAGE}`, 2);
  if (argv.length !== 1) throw new CliError(`Give one file to write.\n${USAGE}`, 2);
  return { file: path.resolve(argv[0]!) };
}

export function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return runCommand('export', argv, env, parseExportArgs, async (target, { file }) => {
    const partial = `${file}.partial`;
    const out = createWriteStream(partial, { mode: 0o600 });
    const opened = new Promise<void>((resolve, reject) => {
      out.once('open', () => resolve());
      out.once('error', reject);
    });
    try {
      await opened.catch((e: Error) => {
        throw new CliError(`Cannot write ${file}: ${e.message}`);
      });
      let failed: Error | undefined;
      out.on('error', (e) => (failed = e));
      const summary = await exportArchive(serviceClient(target) as Parameters<typeof exportArchive>[0], (chunk) => {
        out.write(chunk);
      }, { fediverse: true });
      await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
      if (failed) throw failed;
      await rename(partial, file);
      console.log(`Wrote ${file} from ${target.description}: ${summary.posts} posts, ${summary.settings} settings, ${summary.objects} stored files.`);
    } catch (e) {
      out.destroy();
      await rm(partial, { force: true });
      throw e;
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  requireSupportedNode();
  process.exitCode = await main(process.argv.slice(2), process.env);
}
