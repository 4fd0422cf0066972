/**
 * Review links and corrections (issue 26) in Chromium against `npm start`,
 * the readers' side: a signed-out browser opens a review link, sees the draft
 * under the banner with noindex, follows her saves (made through supabase-js
 * as the admin) without a reload, and once the link is revoked a reload
 * answers 404. The review page in both languages and a corrected post with
 * "Atualizado em" hydrate without a warning and pass axe-core.
 */
import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database.types';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { mainHeading, waitForApp } from './support/ui';
import { formatLongDate } from '../../src/lib/dates';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `revisao-${runId}@example.com`, password: `senha-${runId}-Revisao` };

let e2e: E2E;
let client: ReturnType<typeof createClient<Database>>;
const made: string[] = [];

beforeAll(async () => {
  const created = await createAdmin(app, admin.email, admin.password);
  if (created.status !== 0) throw new Error(created.output);
  const html = await (await fetch(`${baseUrl}/auth`)).text();
  const anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html)![1]!;
  client = createClient<Database>(baseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.signInWithPassword(admin);
  if (error) throw error;
  e2e = await E2E.open(baseUrl, 'review');
});

afterAll(async () => {
  if (made.length) await client.from('blog_posts').delete().in('id', made);
  await e2e?.close();
});

async function post(fields: { title: string; language: 'pt' | 'en'; published: boolean; date?: string }) {
  const { data, error } = await client
    .from('blog_posts')
    .insert({
      ...fields,
      excerpt: `Resumo de ${fields.title}.`,
      content: `## Contexto\n\nO texto de ${fields.title}, para a cliente ler antes de publicar.`,
      category: fields.language === 'pt' ? 'Outros' : 'Others',
    })
    .select('id, slug')
    .single();
  if (error) throw error;
  made.push(data.id);
  return data;
}

async function reviewLink(postId: string) {
  const { data, error } = await client.rpc('create_review_link', { post_id: postId }).single();
  if (error) throw error;
  return { id: data.id, path: `/preview?token=${data.token}` };
}

/** Hydration problems React reports in the console (warnings and errors). */
const hydrationProblems = (since: number) =>
  e2e.messages.slice(since).filter((m) => /hydrat|did not match|mismatch/i.test(m.text) || m.type === 'warning');

/** A page opened signed out, in a profile of its own. */
async function visitor(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  return e2e.newPage(await e2e.newContext(options));
}

describe('a review link, signed out', () => {
  let page: Page;
  let draft: { id: string; slug: string };
  let link: { id: string; path: string };
  const title = `Nota à imprensa ${runId}`;

  beforeAll(async () => {
    draft = await post({ title, language: 'pt', published: false });
    link = await reviewLink(draft.id);
    page = await visitor();
  });

  it('shows the draft under the banner, out of search results, and hydrates without a warning', async () => {
    const before = e2e.messages.length;
    const response = await page.goto(link.path, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
    expect(await mainHeading(page).textContent()).toBe(title);
    await page.getByText('Prévia — não publicado').waitFor();
    expect(await page.title()).toBe(title);
    expect(hydrationProblems(before)).toEqual([]);
    await e2e.expectAccessible(page, 'review page (pt)');
    await e2e.screenshot(page, 'review-pt');
    e2e.expectNoConsoleErrors();
  });

  it('follows her save without a reload', async () => {
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 26));
    const { error } = await client.from('blog_posts').update({ title: `${title}, segunda versão` }).eq('id', draft.id);
    expect(error).toBeNull();
    await page.getByRole('heading', { level: 1, name: `${title}, segunda versão` }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(26);
    e2e.expectNoConsoleErrors();
  });

  it('answers 404 on a reload once she revokes the link', async () => {
    const { error } = await client.from('blog_post_review_links').delete().eq('id', link.id);
    expect(error).toBeNull();
    const response = await page.reload({ waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Post não encontrado' }).waitFor();
    expect(await page.getByText(title).count()).toBe(0);
    // The browser's own line about the document's 404.
    e2e.expectNoConsoleErrors([/status of 404/]);
  });

  it('works without JavaScript: the server sends the draft and its banner', async () => {
    const fresh = await reviewLink(draft.id);
    const noJs = await visitor({ javaScriptEnabled: false });
    const response = await noJs.goto(fresh.path);
    expect(response?.status()).toBe(200);
    expect(await mainHeading(noJs).textContent()).toBe(`${title}, segunda versão`);
    expect(await noJs.getByText('Prévia — não publicado').count()).toBe(1);
    await noJs.close();
  });
});

describe('the English review page', () => {
  it('has the English banner, and passes axe-core', async () => {
    const draft = await post({ title: `Client statement ${runId}`, language: 'en', published: false });
    const { path } = await reviewLink(draft.id);
    const page = await visitor();
    const before = e2e.messages.length;
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.getByText('Preview — not published').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(hydrationProblems(before)).toEqual([]);
    await e2e.expectAccessible(page, 'review page (en)');
    await e2e.screenshot(page, 'review-en');
    e2e.expectNoConsoleErrors();
  });
});

describe('a corrected post', () => {
  it('shows "Atualizado em" and its corrections, hydrates without a warning, and passes axe-core', async () => {
    const published = await post({ title: `Balanço corrigido ${runId}`, language: 'pt', published: true, date: '2026-11-01T12:00:00Z' });
    const { error } = await client
      .from('blog_post_corrections')
      .insert({ post_id: published.id, note: 'O lucro foi de R$ 2 milhões, não R$ 3 milhões.' });
    expect(error).toBeNull();
    // The database dates a correction (no client may): today, in the site's words.
    const today = formatLongDate(new Date().toISOString(), 'pt');
    const page = await visitor();
    const requests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/rest/')) requests.push(r.url());
    });
    const before = e2e.messages.length;
    await page.goto(`/pt/${published.slug}`, { waitUntil: 'networkidle' });
    await page.getByText(`Atualizado em ${today}`).waitFor();
    const corrections = page.getByRole('region', { name: 'Correções' });
    await waitForApp(corrections);
    expect(await corrections.textContent()).toBe(`Correção (${today}): O lucro foi de R$ 2 milhões, não R$ 3 milhões.`);
    // Hydrated from the page's own data: nothing read again.
    expect(requests).toEqual([]);
    expect(hydrationProblems(before)).toEqual([]);
    await e2e.expectAccessible(page, 'corrected post');
    await e2e.screenshot(page, 'corrected-post');

    // A second correction reaches the open page live.
    const { error: again } = await client
      .from('blog_post_corrections')
      .insert({ post_id: published.id, note: 'A reunião foi na terça.' });
    expect(again).toBeNull();
    await corrections.getByText('A reunião foi na terça.').waitFor();
    // Oldest first, each with its date (today: the day the database wrote it).
    expect(await corrections.locator('p').allTextContents()).toEqual([
      `Correção (${today}): O lucro foi de R$ 2 milhões, não R$ 3 milhões.`,
      `Correção (${formatLongDate(new Date().toISOString(), 'pt')}): A reunião foi na terça.`,
    ]);
    e2e.expectNoConsoleErrors();
  });
});
