/**
 * Review of issue 27 (attack), her side: the chart of "Estatísticas" must
 * stay readable at the extremes the brief names. Two failures seen in
 * Chromium on the built site, with numbers seeded as the database's owner:
 *
 * - millions of views a day: uPlot finds no step in the y axis's list
 *   (days-plot.ts WHOLE_STEPS ends at 500,000) that spaces the ticks, and
 *   then draws no y axis at all: no figure, no grid line — two flat lines;
 * - a post of ten years (its dialog, since publication): the x axis ticks
 *   fall on 1 January each year and formatTick writes "dd/MM", so the axis
 *   reads "01/01" ten times over;
 * - 7 days (one of her three periods): at ~135 px a day uPlot ticks every
 *   12 hours, and each date is written twice ("19/11 19/11 20/11 20/11…").
 *
 * uPlot draws its axes on the canvas, so the test reads what it wrote: an
 * init script records each fillText of the chart's canvas (with its
 * alignment: the x axis's labels are centred, the y axis's right-aligned),
 * starting over at each full clear, so what is read is the frame on screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build.ts';
import { makeAdmin } from '../../server/cli/create-admin.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { createDatabase, HOSTED_MIGRATION_ROLE, targets } from '../integration/harness.ts';
import { E2E, runId } from './support/browser';
import { signInAsAdmin } from './support/ui';

const admin = { email: `grafico-${runId}@example.com`, password: `senha-${runId}-Grafico` };
const title = `Um post de dez anos ${runId}`;

interface Drawn {
  text: string;
  align: string;
}

/** What the chart's canvas shows now: the texts drawn since its last full clear. */
const drawnIn = (canvas: Locator) => canvas.evaluate((c) => ((c as unknown as { drawn?: Drawn[] }).drawn ?? []).slice());

describe.each(targets)('the statistics chart at the extremes (review, issue 27) on $name', (target) => {
  let server: RunningServer;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let e2e: E2E;
  let page: Page;

  const sql = async <T>(query: string, params: unknown[] = []): Promise<T[]> => (await server.db.query<T>(query, params)).rows;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'stats-chart-e2e-'));
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

    // A post published ten years ago, read a little on one day of each year since.
    const postId = (await sql<{ id: string }>(
      `insert into public.blog_posts (title, slug, content, category, language, published, date, read_time)
       values ($1, $2, 'Texto.', 'Outros', 'pt', true, public.site_now() - interval '3650 days', '1 min') returning id`,
      [title, `dez-anos-${runId}`],
    ))[0]!.id;
    await sql(
      `insert into public.stats_daily (day, page, referrer, language, device, views, visitors)
       select public.site_today() - 365 * n, $1, 'direto', 'pt', 'desktop', 3, 2 from generate_series(0, 9) n`,
      [postId],
    );
    // The site: five million views a day for the last 30 days (a story that went round the world).
    await sql(
      `insert into public.stats_site_daily (day, views, visitors)
       select public.site_today() - n, 5000000 + n, 2500000 from generate_series(0, 29) n
       on conflict (day) do update set views = excluded.views, visitors = excluded.visitors`,
    );
    await sql(
      `insert into public.stats_sources_daily (day, kind, value, views, visitors)
       select public.site_today() - n, kind, value, 5000000 + n, 2500000
         from generate_series(0, 29) n, (values ('referrer', 'direto'), ('language', 'pt'), ('device', 'mobile')) v(kind, value)`,
    );

    e2e = await E2E.open(server.url, `review-attack-stats-chart-${target.name.toLowerCase()}`);
    const context = await e2e.newContext();
    await context.addInitScript(() => {
      type Drawing = HTMLCanvasElement & { drawn?: { text: string; align: string }[] };
      const proto = CanvasRenderingContext2D.prototype;
      const { fillText, clearRect } = proto;
      proto.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
        const canvas = this.canvas as Drawing;
        (canvas.drawn ??= []).push({ text: String(text), align: this.textAlign });
        return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
      };
      proto.clearRect = function (x: number, y: number, w: number, h: number) {
        if (x <= 0 && y <= 0 && w >= this.canvas.width && h >= this.canvas.height) (this.canvas as Drawing).drawn = [];
        return clearRect.call(this, x, y, w, h);
      };
    });
    page = await e2e.newPage(context);
    await signInAsAdmin(page, admin.email, admin.password);
  });

  afterAll(async () => {
    await e2e?.close();
    await server?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The labels of the chart's frame once its x axis is drawn: the x axis's (centred) and the y axis's (right-aligned). */
  async function axesOf(scope: Locator) {
    const canvas = scope.locator('figure canvas:not([data-before])').first();
    await canvas.waitFor();
    await expect.poll(async () => (await drawnIn(canvas)).some((d) => d.align === 'center'), { timeout: 15_000 }).toBe(true);
    const drawn = await drawnIn(canvas);
    return { x: drawn.filter((d) => d.align === 'center').map((d) => d.text), y: drawn.filter((d) => d.align === 'right').map((d) => d.text) };
  }

  it('five million views a day: the y axis still has its figures', async () => {
    await page.getByRole('tab', { name: 'Estatísticas' }).click();
    const tab = page.getByRole('tabpanel', { name: 'Estatísticas' });
    await tab.getByText('Nos últimos 30 dias: 150.000.435 visualizações, 75.000.000 visitantes.', { exact: true }).waitFor();
    const { y } = await axesOf(tab);
    await e2e.screenshot(page, 'millions');
    expect(y.length, `y axis labels drawn: ${JSON.stringify(y)}`).toBeGreaterThanOrEqual(2);
    expect(y.some((label) => /^\d{1,3}(\.\d{3}){2,}$/.test(label)), `y axis labels drawn: ${JSON.stringify(y)}`).toBe(true);
  });

  it('7 days: each day named once on the x axis', async () => {
    const tab = page.getByRole('tabpanel', { name: 'Estatísticas' });
    // The 30 days' chart goes with its days: what is read below is the new chart's canvas.
    await tab.locator('figure canvas').evaluate((canvas) => canvas.setAttribute('data-before', ''));
    await tab.locator('label').filter({ hasText: /^7 dias$/ }).click();
    await tab.getByText(/^Nos últimos 7 dias: /).waitFor();
    const { x } = await axesOf(tab);
    await e2e.screenshot(page, 'seven-days');
    expect(x.length).toBeGreaterThanOrEqual(2);
    expect(new Set(x).size, `x axis labels drawn: ${JSON.stringify(x)}`).toBe(x.length);
  });

  it('a post of ten years: its dialog’s x axis names different dates, not "01/01" ten times', async () => {
    await page.getByRole('tab', { name: 'Posts' }).click();
    await page.getByRole('button', { name: `Ver estatísticas do post ${title}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Estatísticas: ${title}` });
    await expect.poll(() => dialog.getByRole('definition').allTextContents()).toEqual(['30', '20']);
    const { x } = await axesOf(dialog);
    await e2e.screenshot(page, 'ten-years');
    expect(x.length).toBeGreaterThanOrEqual(2);
    expect(new Set(x).size, `x axis labels drawn: ${JSON.stringify(x)}`).toBe(x.length);
  });
});
