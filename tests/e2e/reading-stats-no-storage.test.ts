/**
 * Issue 27: counting a reader leaves nothing in her browser. On /pt, /en and
 * a post, once the page's view has been counted, there is no cookie (neither
 * in document.cookie nor in the browser's jar), nothing in localStorage or
 * sessionStorage, and no IndexedDB database.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E } from './support/browser';
import { readerIsThere } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
/** A real browser's user agent: Chromium's own says HeadlessChrome, which the beacon (rightly) takes for a bot. */
const reader = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let e2e: E2E;
let page: Page;
let postAddress: string;

beforeAll(async () => {
  const html = await (await fetch(`${baseUrl}/pt`)).text();
  const anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(`${baseUrl}/rest/v1/blog_posts?select=language,slug&published=eq.true&language=eq.pt&limit=1`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  });
  const [post] = (await res.json()) as { language: string; slug: string }[];
  if (!post) throw new Error('The site has no published post to read.');
  postAddress = `/${post.language}/${post.slug}`;
  e2e = await E2E.open(baseUrl, 'reading-stats-no-storage');
  const context = await e2e.browser.newContext({ baseURL: baseUrl, userAgent: reader, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await e2e?.close();
});

describe('a counted page view stores nothing in the reader’s browser (issue 27)', () => {
  for (const address of ['/pt', '/en', 'the post']) {
    it(`${address}: no cookie, no local or session storage, no IndexedDB once its view is counted`, async () => {
      const counted = page.waitForResponse((response) => response.url().endsWith('/rest/v1/rpc/record_view'));
      await page.goto(address === 'the post' ? postAddress : address);
      await readerIsThere(page);
      expect((await counted).status()).toBe(204);
      const stored = await page.evaluate(async () => ({
        cookie: document.cookie,
        local: window.localStorage.length,
        session: window.sessionStorage.length,
        databases: (await indexedDB.databases()).map((db) => db.name),
      }));
      expect(stored).toEqual({ cookie: '', local: 0, session: 0, databases: [] });
      expect(await page.context().cookies()).toEqual([]);
    });
  }
});
