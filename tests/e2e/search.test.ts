/**
 * Search from a reader's side (issue 44), in Chromium on the built site.
 * With JavaScript off she searches from /pt's header box, reads the marked
 * results the server rendered, and follows one. With JavaScript the results
 * follow her typing (never two searches in flight), the address follows the
 * results (a shared address shows them, Back shows the previous search), and
 * the status region says what changed. axe-core judges the result page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { E2E, runId } from './support/browser';
import { waitForApp } from './support/ui';

let server: RunningServer;
let dataDir: string;
let e2e: E2E;
const tag = `zq${runId.replace(/[^a-z]/g, '')}`;
let slug: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'search-e2e-'));
  server = await startServer({ port: 0, inMemory: true, dataDir, spaDir: distDir });
  e2e = await E2E.open(server.url, 'search');
  const { rows } = await server.db.query<{ slug: string }>(
    `insert into public.blog_posts (title, excerpt, content, language, category, published, date)
     values ($1, 'Quando a crise chega, a primeira hora decide.', 'Um texto sobre gestão de crises.', 'pt', 'Comunicação de Crise', true, '2024-03-15T15:00:00Z')
     returning slug`,
    [`Comunicação de crise em ${tag}`],
  );
  slug = rows[0]!.slug;
  // The first render of a new server loads the renderer: not the reader's wait.
  await fetch(`${server.url}/pt`);
  await server.db.query(
    `insert into public.blog_posts (title, content, language, category, published, date)
     values ($1, 'Outro texto.', 'pt', 'Outros', true, '2024-01-10T15:00:00Z')`,
    [`Entrevista coletiva em ${tag}`],
  );
});

afterAll(async () => {
  await e2e?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const marks = (page: Page) => page.locator('main ol mark').allTextContents();
const status = (page: Page) => page.getByRole('status');

describe('search', () => {
  it('without JavaScript: from the header box of /pt to marked results, and on to the post', async () => {
    const page = await e2e.newPage(await e2e.newContext({ javaScriptEnabled: false }));
    await page.goto('/pt', { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Buscar' });
    await box.fill(`comunicacao de crises ${tag}`);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/pt/busca');
    expect(new URL(page.url()).searchParams.get('q')).toBe(`comunicacao de crises ${tag}`);
    expect(await page.title()).toBe(`“comunicacao de crises ${tag}” — Busca`);
    expect(await status(page).textContent()).toBe(`1 resultado para “comunicacao de crises ${tag}”`);
    expect(await marks(page)).toEqual(expect.arrayContaining(['Comunicação', 'crise', tag]));
    await e2e.screenshot(page, 'results-without-js');
    await page.getByRole('link', { name: `Comunicação de crise em ${tag}` }).click();
    await page.waitForURL((url) => url.pathname === `/pt/${slug}`);
    await page.getByRole('heading', { level: 1, name: `Comunicação de crise em ${tag}` }).waitFor();
    await page.context().close();
  });

  it('with JavaScript: results as she types, one search in flight, the address in step, Back to the previous search', async () => {
    const page = await e2e.newPage();
    let inFlight = 0;
    let most = 0;
    let sent = 0;
    const isSearch = (url: string) => url.includes('/rest/v1/rpc/search_site');
    page.on('request', (r) => {
      if (!isSearch(r.url())) return;
      sent++;
      most = Math.max(most, ++inFlight);
    });
    const done = (r: { url(): string }) => {
      if (isSearch(r.url())) inFlight--;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);

    await page.goto('/pt/busca');
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Buscar' });
    await waitForApp(box);
    await box.pressSequentially(`crise ${tag}`, { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get('q') === `crise ${tag}`);
    await status(page).filter({ hasText: `1 resultado para “crise ${tag}”` }).waitFor();
    expect(await page.locator('main ol > li').count()).toBe(1);
    expect(await page.title()).toBe(`“crise ${tag}” — Busca`);
    // Typed one key at a time, searched once she paused.
    expect(sent).toBeLessThanOrEqual(2);

    // An emptied box keeps the address; a pause mid-word searches, and the
    // rest of the word refines that search in place (Back skips it).
    await box.fill('');
    await box.pressSequentially('entre', { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get('q') === 'entre');
    await box.pressSequentially(`vista ${tag}`, { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get('q') === `entrevista ${tag}`);
    await status(page).filter({ hasText: `1 resultado para “entrevista ${tag}”` }).waitFor();
    expect(await marks(page)).toEqual(['Entrevista', tag]);
    expect(most).toBe(1);

    // A shared address shows the same results.
    const shared = await e2e.newPage();
    await shared.goto(page.url());
    await shared.getByRole('link', { name: `Entrevista coletiva em ${tag}` }).waitFor();
    await shared.context().close();

    // Back: the previous search, in the box and in the results.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === `crise ${tag}`);
    await status(page).filter({ hasText: `1 resultado para “crise ${tag}”` }).waitFor();
    expect(await box.inputValue()).toBe(`crise ${tag}`);
    await page.getByRole('link', { name: `Comunicação de crise em ${tag}` }).waitFor();
    e2e.expectNoConsoleErrors();
    await page.context().close();
  });

  it('axe-core finds nothing serious on a result page and on a page with no result', async () => {
    const page = await e2e.newPage();
    await page.goto(`/pt/busca?q=${encodeURIComponent(`crise ${tag}`)}`);
    await waitForApp(page.getByRole('main').getByRole('searchbox'));
    await e2e.expectAccessible(page, 'the result page');
    await page.goto('/en/search?q=nothingatallzzz');
    await waitForApp(page.getByRole('main').getByRole('searchbox'));
    await page.getByText('No results for “nothingatallzzz”').waitFor();
    await e2e.expectAccessible(page, 'the page with no result');
    e2e.expectNoConsoleErrors();
    await page.context().close();
  });
});
