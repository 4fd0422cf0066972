/**
 * Issue 27's reading statistics end to end, the readers' side, in Chromium
 * against `npm start`: three readers on different devices open a published
 * post (one from a link on t.co), one of them twice the same day; a crawler
 * opens it; she opens it signed in. The admin's numbers then show 4 views by
 * 3 visitors, t.co among the referrers, the device split, and nothing from
 * the crawler or from her; the t.co reader's next page, inside the app, is
 * no referral. Every beacon is awaited as the browser sends it:
 * no sleeping.
 */
import { createClient } from '@supabase/supabase-js';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database.types';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { mainHeading, readerIsThere, signInAsAdmin } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `estatisticas-${runId}@example.com`, password: `senha-${runId}-Leituras` };
const title = `Como responder a uma crise ${runId}`;

/** Real browsers' user agents: Chromium's own says HeadlessChrome, which any bot check (rightly) refuses. */
const agents = {
  linuxChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:131.0) Gecko/20100101 Firefox/131.0',
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

let e2e: E2E;
let client: ReturnType<typeof createClient<Database>>;
let post: { id: string; slug: string };
const address = () => `/pt/${post.slug}`;

beforeAll(async () => {
  const created = await createAdmin(app, admin.email, admin.password);
  if (created.status !== 0) throw new Error(created.output);
  const html = await (await fetch(`${baseUrl}/pt`)).text();
  const anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html)![1]!;
  client = createClient<Database>(baseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error: signInError } = await client.auth.signInWithPassword(admin);
  if (signInError) throw signInError;
  const { data, error } = await client
    .from('blog_posts')
    .insert({
      title,
      language: 'pt',
      published: true,
      excerpt: 'O que dizer nas primeiras horas.',
      content: '## As primeiras horas\n\nFale cedo, fale a verdade, e diga quando volta a falar.',
      category: 'Comunicação de Crise',
    })
    .select('id, slug')
    .single();
  if (error) throw error;
  post = data;
  e2e = await E2E.open(baseUrl, 'reading-stats-done-when');
});

afterAll(async () => {
  if (post) await client.from('blog_posts').delete().eq('id', post.id);
  await e2e?.close();
});

/** A browser profile of its own (its own storage and session), as a reader's device. */
async function device(options: BrowserContextOptions): Promise<Page> {
  const context = await e2e.browser.newContext({ baseURL: baseUrl, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: uncaught ${error.message}`));
  return page;
}
const consoleErrors: string[] = [];
const desktop = (userAgent: string) => device({ userAgent, viewport: { width: 1280, height: 900 } });
const phone = (userAgent: string) => device({ userAgent, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

const isBeacon = (url: string) => url.endsWith('/rest/v1/rpc/record_view');

/** Opens the post (a full load) and waits for its beacon's answer; returns what it sent. */
async function read(page: Page, options: { referer?: string } = {}) {
  const answered = page.waitForResponse((response) => isBeacon(response.url()));
  await page.goto(address(), options);
  await expect(mainHeading(page).textContent()).resolves.toBe(title);
  await readerIsThere(page);
  const response = await answered;
  if (response.status() !== 204) throw new Error(`${response.request().postData()} → ${response.status()} ${await response.text()}`);
  return { body: response.request().postDataJSON() as { page: string; referrer: string }, headers: response.request().headers() };
}

const number = (value: number | string) => Number(value);

async function postNumbers() {
  const { data: pages, error: pagesError } = await client.rpc('stats_pages', { days: 1, max: 100 });
  if (pagesError) throw pagesError;
  const { data: sources, error: sourcesError } = await client.rpc('stats_sources', { days: 1, post: post.id });
  if (sourcesError) throw sourcesError;
  const row = pages.find((p) => p.page === post.id);
  const of = (kind: string) =>
    Object.fromEntries(sources.filter((s) => s.kind === kind).map((s) => [s.value, { views: number(s.views), visitors: number(s.visitors) }]));
  return {
    views: number(row?.views ?? 0),
    visitors: number(row?.visitors ?? 0),
    title: row?.title,
    referrers: of('referrer'),
    devices: of('device'),
    languages: of('language'),
  };
}

describe('reading statistics of a post (issue 27, done when)', () => {
  it('counts three readers, one from t.co and one twice, by device, and neither a crawler nor her', async () => {
    // The first reader follows a link on t.co: the page's document.referrer is that link.
    const fromTwitter = await desktop(agents.linuxChrome);
    const first = await read(fromTwitter, { referer: 'https://t.co/x' });
    expect(await fromTwitter.evaluate(() => document.referrer)).toBe('https://t.co/x');
    expect(first.body).toEqual({ page: post.id, referrer: 't.co' });
    // Back to the blog inside the app: a view of /pt, which t.co did not lead to (document.referrer still says t.co).
    const home = fromTwitter.waitForRequest((request) => isBeacon(request.url()));
    await fromTwitter.getByRole('link', { name: 'Voltar ao blog' }).click();
    expect((await home).postDataJSON()).toEqual({ page: '/pt', referrer: 'direto' });
    expect(await fromTwitter.evaluate(() => document.referrer)).toBe('https://t.co/x');

    // The second reads it on a phone, and again later the same day (a second full load).
    const onPhone = await phone(agents.androidChrome);
    expect((await read(onPhone)).body).toEqual({ page: post.id, referrer: 'direto' });
    expect((await read(onPhone)).body).toEqual({ page: post.id, referrer: 'direto' });

    const third = await desktop(agents.macFirefox);
    await read(third);

    // A crawler gets the page, and sends nothing; one that scrolls (some do, for lazy content) starts the
    // app and gets the code too, which sends nothing either.
    const crawler = await desktop(agents.googlebot);
    const crawlerBeacons: string[] = [];
    crawler.on('request', (request) => void (isBeacon(request.url()) && crawlerBeacons.push(request.url())));
    const sender = crawler.waitForResponse((response) => /\/assets\/send-view-[^/]*\.js$/.test(response.url()));
    await crawler.goto(address());
    await expect(mainHeading(crawler).textContent()).resolves.toBe(title);
    await readerIsThere(crawler);
    // The page's own import of the sender settles with this one, the same module: it has run by then.
    const senderUrl = (await sender).url();
    // (A string: vitest would rewrite an import() written in this file.)
    await crawler.evaluate(`import(${JSON.stringify(senderUrl)}).then(() => new Promise((resolve) => setTimeout(resolve, 0)))`);
    expect(crawlerBeacons).toEqual([]);

    // She reads her own post signed in: her browser sends her session's token, and the database leaves her out.
    const her = await desktop(agents.windowsEdge);
    await signInAsAdmin(her, admin.email, admin.password);
    const hers = await read(her);
    expect(hers.headers.authorization).not.toBe(`Bearer ${hers.headers.apikey}`);

    await expect.poll(postNumbers, { timeout: 15_000 }).toMatchObject({ views: 4, visitors: 3 });
    const numbers = await postNumbers();
    expect(numbers).toEqual({
      views: 4,
      visitors: 3,
      title,
      referrers: { 't.co': { views: 1, visitors: 1 }, direto: { views: 3, visitors: 2 } },
      devices: { desktop: { views: 2, visitors: 2 }, mobile: { views: 2, visitors: 1 } },
      languages: { pt: { views: 4, visitors: 3 } },
    });
    const { data: days, error } = await client.rpc('stats_days', { days: 7 });
    if (error) throw error;
    expect(days).toHaveLength(7);
    expect(number(days.at(-1)!.views)).toBeGreaterThanOrEqual(4);

    // And on her screen: "Estatísticas" lists the post with 4 views by 3 visitors, t.co among the referrers.
    await her.goto(`${baseUrl}/admin`);
    await her.getByRole('tab', { name: 'Estatísticas' }).click();
    const tab = her.getByRole('tabpanel', { name: 'Estatísticas' });
    const rowsOf = (name: string) =>
      tab
        .getByRole('table', { name })
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
    await tab.getByRole('table', { name: 'Páginas mais lidas' }).waitFor();
    expect(await rowsOf('Páginas mais lidas')).toContainEqual([`${title} (abre em nova aba)`, '4', '3']);
    expect((await rowsOf('De onde vieram')).find((row) => row[0] === 't.co')).toEqual(['t.co', '1', '1', expect.stringMatching(/%$/)]);
    // Her own post's figures, from its card.
    await her.getByRole('tab', { name: 'Posts' }).click();
    await her.getByRole('button', { name: `Ver estatísticas do post ${title}`, exact: true }).click();
    const dialog = her.getByRole('dialog', { name: `Estatísticas: ${title}` });
    await expect.poll(() => dialog.getByRole('definition').allTextContents()).toEqual(['4', '3']);

    await e2e.screenshot(fromTwitter, 'post-read-from-t-co');
    expect(consoleErrors).toEqual([]);
  });
});
