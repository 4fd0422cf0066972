/**
 * Issue 27, her side, in Chromium on the built site: with no view counted,
 * "Estatísticas" says so; with views seeded as the database's owner into
 * the daily aggregates (a published post, the two home pages, a post since
 * deleted, an older post, over several days), the tab opened from the
 * keyboard shows the database's totals, its days in a table, the sentence
 * of the chart, the post on top, the referrers and the splits by language
 * and device; 7 and 90 days (chosen by keyboard) read those periods; the
 * chart is drawn on a canvas of real size. "Ver estatísticas" on the post's
 * card opens its figures since publication by keyboard and gives the focus
 * back when closed. axe-core (WCAG 2.2 A and AA rules) finds nothing in the
 * empty tab, the tab with numbers, and the post's dialog.
 *
 * Like newsletter-public.test.ts, this file runs its own backend on the
 * built dist/ (the rows are written as the database's owner, which the
 * shared `npm start` does not let a test be): PGlite, and PostgreSQL too
 * when TEST_DATABASE_URL is set (a new database, migrated as a hosted
 * project's `postgres` would).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build.ts';
import { makeAdmin } from '../../server/cli/create-admin.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { createDatabase, HOSTED_MIGRATION_ROLE, targets } from '../integration/harness.ts';
import { E2E, runId } from './support/browser';
import { focusedName, isFocused } from './support/focus.ts';
import { signInAsAdmin } from './support/ui';

const admin = { email: `estatisticas-${runId}@example.com`, password: `senha-${runId}-Estatisticas` };
const title = `Como falar com a imprensa ${runId}`;
const slug = `como-falar-com-a-imprensa-${runId}`;
const olderTitle = `Um post mais antigo ${runId}`;

/**
 * What is seeded, by days before the site's today: page ('post', 'older',
 * '/pt', '/en', 'deleted'), referrer, language, device, views, visitors.
 * Within 30 days: the post 15 views (12 visitors), /pt 4 (3), /en 2 (2), a
 * deleted post 1 (1): 22 views, 18 visitors; within 7: 15 and 12; the
 * older post's 11 (9), 40 days ago, only in 90 days: 33 and 27.
 */
const SEED: [number, string, string, 'pt' | 'en', 'mobile' | 'desktop', number, number][] = [
  [1, '/pt', 'direto', 'pt', 'mobile', 4, 3],
  [2, 'post', 'newsletter', 'pt', 'mobile', 5, 4],
  [2, 'post', 'direto', 'pt', 'desktop', 3, 2],
  [3, 'deleted', 'direto', 'pt', 'desktop', 1, 1],
  [5, '/en', 't.co', 'en', 'desktop', 2, 2],
  [10, 'post', 'google.com', 'pt', 'desktop', 7, 6],
  [40, 'older', 'linkedin.com', 'pt', 'desktop', 11, 9],
];

describe.each(targets)('her reading statistics (issue 27) on $name', (target) => {
  let server: RunningServer;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let e2e: E2E;
  let page: Page;
  let postId: string;
  /** The site's today, 'YYYY-MM-DD', as the database counts days. */
  let today: string;

  const sql = async <T>(query: string, params: unknown[] = []): Promise<T[]> => (await server.db.query<T>(query, params)).rows;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'stats-e2e-'));
    let databaseUrl: string | undefined;
    if (target.name === 'PostgreSQL') {
      const created = await createDatabase(target.serverUrl!);
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
    server = await startServer({
      port: 0,
      inMemory: !databaseUrl,
      dataDir,
      databaseUrl,
      spaDir: distDir,
      migrationRole: databaseUrl ? HOSTED_MIGRATION_ROLE : undefined,
    });
    await server.mailWorker.stop();
    const made = await makeAdmin(
      { url: server.url, serviceRoleKey: server.serviceRoleKey, description: 'e2e', close: async () => {} },
      { email: admin.email, password: admin.password, keepPassword: false },
    );
    expect(made.created).toBe(true);
    today = (await sql<{ today: string }>(`select public.site_today()::text as today`))[0]!.today;
    postId = (await sql<{ id: string }>(
      `insert into public.blog_posts (title, slug, excerpt, content, category, language, published, date, read_time)
       values ($1, $2, 'Cinco conselhos.', 'Texto.', 'Relações com Mídia', 'pt', true, public.site_now() - interval '20 days', '3 min')
       returning id`,
      [title, slug],
    ))[0]!.id;
    e2e = await E2E.open(server.url, `stats-admin-${target.name.toLowerCase()}`);
    page = await e2e.newPage();
  });

  afterAll(async () => {
    await e2e?.close();
    await server?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The day `ago` days before the site's today, as the admin writes it: 25/11/2026. */
  const dayLabel = (ago: number) => {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - ago * 86_400_000);
    return day.toLocaleDateString('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
  };

  async function seedViews() {
    const olderId = (await sql<{ id: string }>(
      `insert into public.blog_posts (title, slug, content, category, language, published, date, read_time)
       values ($1, $2, 'Texto.', 'Outros', 'pt', true, public.site_now() - interval '60 days', '1 min') returning id`,
      [olderTitle, `mais-antigo-${runId}`],
    ))[0]!.id;
    const pages: Record<string, string> = { post: postId, older: olderId, deleted: randomUUID() };
    for (const [ago, pageName, referrer, language, device, views, visitors] of SEED) {
      await sql(
        `insert into public.stats_daily (day, page, referrer, language, device, views, visitors)
         values (public.site_today() - $1::integer, $2, $3, $4, $5, $6, $7)`,
        [ago, pages[pageName] ?? pageName, referrer, language, device, views, visitors],
      );
    }
    // The site's days: each day's views, its readers counted once each (here: as many as the pages').
    await sql(
      `insert into public.stats_site_daily (day, views, visitors)
       select day, sum(views), sum(visitors) from public.stats_daily group by day`,
    );
    // And its referrers, languages and devices each day, as record_view keeps them beside the pages'.
    await sql(
      `insert into public.stats_sources_daily (day, kind, value, views, visitors)
       select day, kind, value, sum(views), sum(visitors)
         from public.stats_daily, lateral (values ('referrer', referrer), ('language', language), ('device', device)) v(kind, value)
        group by day, kind, value`,
    );
  }

  const tab = () => page.getByRole('tabpanel', { name: 'Estatísticas' });
  const sentence = (days: number, views: string, visitors: string) => tab().getByText(`Nos últimos ${days} dias: ${views} visualizações, ${visitors} visitantes.`, { exact: true });

  async function rowsOf(table: Locator): Promise<string[][]> {
    return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
  }

  /** axe-core's WCAG 2.0–2.2 A and AA rules on the settled page: no violation of any impact. */
  async function expectNoViolations(label: string) {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(
      violations.map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `accessibility violations on ${label}`,
    ).toEqual([]);
  }

  /** Presses a key and waits until the focus lands on `target` (Radix moves it in a task after the key). */
  async function press(key: string, target: Locator) {
    await page.keyboard.press(key);
    await expect.poll(() => isFocused(target), { message: `after ${key}, focus is on ${await focusedName(page)}` }).toBe(true);
  }

  it('signed in, she opens "Estatísticas" with the arrow keys: no view yet, said plainly; axe finds nothing', async () => {
    await signInAsAdmin(page, admin.email, admin.password);
    await page.getByRole('tab', { name: 'Posts' }).focus();
    for (const next of ['Configurações', 'Importar e exportar', 'Assinantes', 'Estatísticas']) await press('ArrowRight', page.getByRole('tab', { name: next }));
    expect(await page.getByRole('tab', { name: 'Estatísticas' }).getAttribute('aria-selected')).toBe('true');
    await tab().getByText('Nenhuma visualização nos últimos 30 dias ainda.').waitFor();
    expect(await tab().getByRole('table').count()).toBe(0);
    await e2e.screenshot(page, 'empty');
    await expectNoViolations('the empty tab');
    e2e.expectNoConsoleErrors();
  });

  it('with views counted, opening the tab again shows the database\'s 30 days: totals, days, top pages, referrers, languages, devices', async () => {
    await seedViews();
    await press('ArrowLeft', page.getByRole('tab', { name: 'Assinantes' }));
    await press('ArrowRight', page.getByRole('tab', { name: 'Estatísticas' }));
    await sentence(30, '22', '18').waitFor();
    expect(await tab().getByRole('definition').allTextContents()).toEqual(['22', '18']);
    const days = await rowsOf(tab().getByRole('table', { name: 'Visualizações e visitantes por dia' }));
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual([dayLabel(29), '0', '0']);
    expect(days.at(-1)).toEqual([dayLabel(0), '0', '0']);
    expect(days.at(-2)).toEqual([dayLabel(1), '4', '3']);
    expect(days.at(-3)).toEqual([dayLabel(2), '8', '6']);
    expect(days.at(-11)).toEqual([dayLabel(10), '7', '6']);

    const pages = tab().getByRole('table', { name: 'Páginas mais lidas' });
    expect(await rowsOf(pages)).toEqual([
      [`${title} (abre em nova aba)`, '15', '12'],
      ['Página inicial (português) (abre em nova aba)', '4', '3'],
      ['Página inicial (inglês) (abre em nova aba)', '2', '2'],
      ['Post apagado', '1', '1'],
    ]);
    expect(await pages.getByRole('link', { name: new RegExp(`^${title}`) }).getAttribute('href')).toBe(`/pt/${slug}`);
    expect(await rowsOf(tab().getByRole('table', { name: 'De onde vieram' }))).toEqual([
      ['Direto', '8', '6', '36,4%'],
      ['google.com', '7', '6', '31,8%'],
      ['Newsletter', '5', '4', '22,7%'],
      ['t.co', '2', '2', '9,1%'],
    ]);
    expect(await rowsOf(tab().getByRole('table', { name: 'Por idioma' }))).toEqual([
      ['Português', '20', '16', '90,9%'],
      ['English', '2', '2', '9,1%'],
    ]);
    expect(await rowsOf(tab().getByRole('table', { name: 'Por aparelho' }))).toEqual([
      ['Computador', '13', '11', '59,1%'],
      ['Celular ou tablet', '9', '7', '40,9%'],
    ]);

    // uPlot drew its canvas at the box's measured width, hidden from screen readers (the table says the same).
    const canvas = tab().locator('.uplot canvas').first();
    await canvas.waitFor();
    const size = await canvas.evaluate((c: HTMLCanvasElement) => ({ width: c.width, height: c.height, hidden: c.closest('[aria-hidden="true"]') !== null }));
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
    expect(size.hidden).toBe(true);
    await e2e.screenshot(page, 'thirty-days');
    await expectNoViolations('the tab with its numbers');
    e2e.expectNoConsoleErrors();
  });

  it('she chooses 7, then 90 days with the arrow keys: each period read from the database', async () => {
    const thirty = tab().getByRole('radio', { name: '30 dias' });
    await thirty.focus();
    await press('ArrowLeft', tab().getByRole('radio', { name: '7 dias' }));
    expect(await tab().getByRole('radio', { name: '7 dias' }).isChecked()).toBe(true);
    await sentence(7, '15', '12').waitFor();
    expect(await rowsOf(tab().getByRole('table', { name: 'Visualizações e visitantes por dia' }))).toHaveLength(7);
    expect((await rowsOf(tab().getByRole('table', { name: 'Páginas mais lidas' }))).map((row) => row[0])).toEqual([
      `${title} (abre em nova aba)`,
      'Página inicial (português) (abre em nova aba)',
      'Página inicial (inglês) (abre em nova aba)',
      'Post apagado',
    ]);

    await press('ArrowRight', thirty);
    await press('ArrowRight', tab().getByRole('radio', { name: '90 dias' }));
    await sentence(90, '33', '27').waitFor();
    expect(await rowsOf(tab().getByRole('table', { name: 'Visualizações e visitantes por dia' }))).toHaveLength(90);
    expect((await rowsOf(tab().getByRole('table', { name: 'Páginas mais lidas' })))[1]).toEqual([`${olderTitle} (abre em nova aba)`, '11', '9']);
    expect((await rowsOf(tab().getByRole('table', { name: 'De onde vieram' }))).map((row) => row[0])).toContain('linkedin.com');
    const canvas = tab().locator('.uplot canvas').first();
    await canvas.waitFor();
    expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(0);
    await e2e.screenshot(page, 'ninety-days');
    e2e.expectNoConsoleErrors();
  });

  it('"Ver estatísticas" on the post\'s card opens its figures since publication by keyboard; closing gives the focus back', async () => {
    await page.getByRole('tab', { name: 'Estatísticas' }).focus();
    await press('Home', page.getByRole('tab', { name: 'Posts' }));
    const button = page.getByRole('button', { name: `Ver estatísticas do post ${title}`, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Estatísticas: ${title}` });
    await dialog.waitFor();
    const { days } = (await sql<{ days: number }>('select count(*)::integer as days from public.stats_post_days($1)', [postId]))[0]!;
    expect(days).toBeGreaterThanOrEqual(20);
    await dialog.getByText(`Desde a publicação (${days} dias): 15 visualizações, 12 visitantes.`, { exact: true }).waitFor();
    expect(await dialog.getByRole('definition').allTextContents()).toEqual(['15', '12']);
    expect(await rowsOf(dialog.getByRole('table', { name: 'Dias com visualizações' }))).toEqual([
      [dayLabel(10), '7', '6'],
      [dayLabel(2), '8', '6'],
    ]);
    expect(await rowsOf(dialog.getByRole('table', { name: 'De onde vieram' }))).toEqual([
      ['google.com', '7', '6', '46,7%'],
      ['Newsletter', '5', '4', '33,3%'],
      ['Direto', '3', '2', '20%'],
    ]);
    expect(await rowsOf(dialog.getByRole('table', { name: 'Por aparelho' }))).toEqual([
      ['Computador', '10', '8', '66,7%'],
      ['Celular ou tablet', '5', '4', '33,3%'],
    ]);
    const canvas = dialog.locator('.uplot canvas').first();
    await canvas.waitFor();
    expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(0);
    await e2e.screenshot(page, 'post-dialog');
    await expectNoViolations("the post's statistics");

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(button), { message: `focus is on ${await focusedName(page)}` }).toBe(true);
    e2e.expectNoConsoleErrors();
  });
});
