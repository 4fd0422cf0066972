/**
 * Worded addresses in Chromium (issue 23), against `npm start`: "Leia mais"
 * opens /pt/<slug> and the address bar says so; an old link (/post/<id>, a
 * slug she has since changed) lands on the post's address through a 301; an
 * open post page follows its post to its new address without a reload. Her
 * changes are made with supabase-js as the admin, as the panel makes them.
 */
import { createClient } from '@supabase/supabase-js';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database.types';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { cardTitled, mainHeading, readerIsThere, readMore, waitForCards } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `enderecos-${runId}@example.com`, password: `senha-${runId}-Enderecos` };
const title = `Endereço que muda ${runId}`;

let e2e: E2E;
let page: Page;
let client: ReturnType<typeof createClient<Database>>;
let post: { id: string; slug: string };

const pathOf = (p: Page) => new URL(p.url()).pathname;

/** The status of the first answer of a navigation that was redirected (Chromium follows it). */
async function redirectedWith(response: Response | null): Promise<number | undefined> {
  return (await response?.request().redirectedFrom()?.response())?.status();
}

beforeAll(async () => {
  const made = await createAdmin(app, admin.email, admin.password);
  if (made.status !== 0) throw new Error(made.output);
  const html = await (await fetch(`${baseUrl}/auth`)).text();
  const anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html)![1]!;
  client = createClient<Database>(baseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error: signInError } = await client.auth.signInWithPassword(admin);
  if (signInError) throw signInError;
  const { data, error } = await client
    .from('blog_posts')
    .insert({ title, excerpt: 'Um post cujo endereço vai mudar.', content: 'Texto.', language: 'pt', category: 'Outros', published: true })
    .select('id, slug')
    .single();
  if (error) throw error;
  post = data;
  e2e = await E2E.open(baseUrl, 'permalinks');
  page = await e2e.newPage();
});

afterAll(async () => {
  if (post) await client.from('blog_posts').delete().eq('id', post.id);
  await e2e?.close();
});

/** Resolves once the page's live channel (use-live-reading) has joined, so a change made after it is heard. */
function liveChannelJoined(p: Page): Promise<void> {
  return new Promise((resolve) => {
    p.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('realtime:public-live') && text.includes('phx_reply') && text.includes('"ok"')) resolve();
      });
    });
  });
}

async function changeSlug(slug: string) {
  const { error } = await client.from('blog_posts').update({ slug }).eq('id', post.id);
  if (error) throw error;
}

describe('worded addresses in the browser', () => {
  it('"Leia mais" opens the post at /pt/<slug>, and the address bar says so', async () => {
    expect(post.slug).toBe(`endereco-que-muda-${runId}`);
    await page.goto('/pt');
    await waitForCards(page);
    await readMore(cardTitled(page, title)).click();
    await page.waitForURL((url) => url.pathname === `/pt/${post.slug}`);
    await expect.poll(() => mainHeading(page).textContent()).toBe(title);
    await e2e.screenshot(page, 'post-at-its-address');
    e2e.expectNoConsoleErrors();
  });

  it("an old link, /post/<id>, lands on the post's address with a permanent redirect", async () => {
    const response = await page.goto(`/post/${post.id}`);
    expect(await redirectedWith(response)).toBe(301);
    expect(response?.status()).toBe(200);
    expect(pathOf(page)).toBe(`/pt/${post.slug}`);
    await expect.poll(() => mainHeading(page).textContent()).toBe(title);
    e2e.expectNoConsoleErrors();
  });

  it('an open post page follows its post when she changes the slug, and the old address keeps leading to it', async () => {
    const old = post.slug;
    const joined = liveChannelJoined(page);
    await page.goto(`/pt/${old}`);
    await mainHeading(page).waitFor();
    await readerIsThere(page);
    await joined;
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 23));

    await changeSlug(`novo-endereco-${old}`);
    // Live: the page moves to the new address by itself, in place of the old one.
    await page.waitForURL((url) => url.pathname === `/pt/novo-endereco-${old}`, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(23);
    expect(await mainHeading(page).textContent()).toBe(title);

    // A link to the old address, opened later: 301 to the new one.
    const response = await page.goto(`/pt/${old}`);
    expect(await redirectedWith(response)).toBe(301);
    expect(pathOf(page)).toBe(`/pt/novo-endereco-${old}`);

    // A second change: both old addresses lead straight to the newest.
    await changeSlug(`terceiro-${old}`);
    for (const path of [`/pt/${old}`, `/pt/novo-endereco-${old}`, `/post/${post.id}`]) {
      const again = await page.goto(path);
      expect(await redirectedWith(again), path).toBe(301);
      expect(pathOf(page), path).toBe(`/pt/terceiro-${old}`);
      await expect.poll(() => mainHeading(page).textContent()).toBe(title);
    }
    await e2e.screenshot(page, 'old-address-followed');
    e2e.expectNoConsoleErrors();
  });
});
