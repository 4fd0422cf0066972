/**
 * Issue 28: the public pages' JavaScript costs a reader nothing until she is
 * there. /pt, /en and a post, loaded and left alone, fetch no script but
 * the inline starter and open no socket; at her first sign the app starts and hydrates;
 * a server-rendered post never fetches the Markdown renderer; and a tap made
 * before the app has started is answered at once (the page says it is busy),
 * and is not lost: a button or this page's own link is answered in place by the
 * app, a link to another page is followed by the browser (that page is complete
 * HTML) without starting the app of the page being left.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E } from './support/browser';
import { blogSection, cardTitled, control, mainHeading, postCards, readerIsThere, waitForApp } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;

let e2e: E2E;
let postAddress: string;
let anonKey: string;

beforeAll(async () => {
  const html = await (await fetch(`${baseUrl}/pt`)).text();
  // The first post card's link: the header's links to her published work and to search come before it.
  postAddress = /<article[\s\S]*?href="(\/pt\/[a-z0-9]+(?:-[a-z0-9]+)*)"/.exec(html)![1]!;
  anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html)![1]!;
  e2e = await E2E.open(baseUrl, 'public-pages-js-cost');
});

afterAll(async () => {
  await e2e?.close();
});

/** A reader’s browser whose share function is recorded (there is none on desktop Linux). */
async function reader(): Promise<{ context: BrowserContext; page: Page; scripts: string[]; sockets: string[] }> {
  const context = await e2e.newContext();
  await context.addInitScript(
    `window.shared = []; Object.defineProperty(navigator, 'share', { configurable: true, value: function (data) { window.shared.push(data.url); return Promise.resolve(); } });`,
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const scripts: string[] = [];
  const sockets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('websocket', (socket) => sockets.push(socket.url()));
  return { context, page, scripts, sockets };
}

const appScripts = (scripts: string[]) => scripts.filter((path) => path.startsWith('/assets/'));
/** Set on the window of the document the test loaded: gone if the page was loaded again. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 28));
/** The starter's answer to a tap it holds for the app (body[data-app-pending]: the busy bar). */
const showsBusy = (page: Page) => page.evaluate(() => document.body.hasAttribute('data-app-pending'));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 28);

describe('before the reader is there', () => {
  for (const address of ['/pt', '/en', 'a post']) {
    it(`${address}, loaded and left alone, fetches no script and opens no socket`, async () => {
      const { context, page, scripts, sockets } = await reader();
      await page.goto(address === 'a post' ? postAddress : address, { waitUntil: 'load' });
      await mainHeading(page).waitFor();
      await page.waitForTimeout(1500);
      expect(scripts).toEqual([]);
      expect(sockets).toEqual([]);
      await context.close();
    });
  }

  /** The newest Portuguese post without a picture of its own (other files may have published some with one before). */
  async function newestWithoutPicture(): Promise<string> {
    // The home's order (src/features/posts/api/get-posts.ts).
    const query = 'select=title&language=eq.pt&image_url=is.null&order=date.desc,id.asc&limit=1';
    const response = await fetch(`${baseUrl}/rest/v1/blog_posts?${query}`, { headers: { apikey: anonKey } });
    const [post] = (await response.json()) as { title: string }[];
    return post!.title;
  }

  it('a card without a picture shows the placeholder, and no picture of the home is an SVG for the page’s main thread to read', async () => {
    const { context, page } = await reader();
    const imageTypes: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'image') imageTypes.push(response.headers()['content-type'] ?? '');
    });
    await page.goto('/pt', { waitUntil: 'load' });
    const placeholder = cardTitled(page, await newestWithoutPicture()).getByRole('img');
    await placeholder.scrollIntoViewIfNeeded();
    await expect
      .poll(() => placeholder.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    expect(await placeholder.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/\/placeholder-(800|1600)\b[^/]*\.png$/);
    expect(imageTypes.length).toBeGreaterThan(0);
    expect(imageTypes.filter((type) => type.startsWith('image/svg'))).toEqual([]);
    // Every width of its srcset is there, for the screens this one is not.
    for (const candidate of (await placeholder.getAttribute('srcset'))!.split(',')) {
      const response = await fetch(new URL(candidate.trim().split(' ')[0]!, baseUrl));
      expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/png']);
    }
    await context.close();
  });
});

describe('once she is there', () => {
  it('a post hydrates with the server’s text and never fetches the Markdown renderer', async () => {
    const { context, page, scripts } = await reader();
    await page.goto(postAddress);
    const text = await page.locator('[data-server-markup="post-body"]').innerHTML();
    await waitForApp(mainHeading(page));
    await page.waitForTimeout(1000);
    expect(appScripts(scripts).length).toBeGreaterThan(0);
    // The renderer's chunks (marked and the elements it maps to): src/features/posts/lib/markdown.
    expect(appScripts(scripts).filter((path) => /\/(markdown|parse)-/.test(path))).toEqual([]);
    expect(await page.locator('[data-server-markup="post-body"]').innerHTML()).toBe(text);
    e2e.expectNoConsoleErrors();
    await context.close();
  });

  it('a share tapped before the app started is answered at once, then shared, without reloading the page', async () => {
    const { context, page } = await reader();
    await page.goto('/pt');
    await mark(page);
    const share = postCards(page).first().getByRole('button', { name: /^Compartilhar/ });
    await share.click();
    // At once, before any script of the app could run: the page shows it is busy.
    expect(await showsBusy(page)).toBe(true);
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared: string[] }).shared.length)).toBe(1);
    expect(await showsBusy(page)).toBe(false);
    expect(await marked(page)).toBe(true);
    e2e.expectNoConsoleErrors();
    await context.close();
  });

  it('a category tapped before the app started filters in place, not by loading a new page', async () => {
    const { context, page } = await reader();
    await page.goto('/pt');
    await mark(page);
    await control(page, 'Comunicação de Crise').click();
    expect(await showsBusy(page)).toBe(true);
    await blogSection(page).getByRole('button', { name: 'Comunicação de Crise', pressed: true }).waitFor();
    expect(page.url()).toContain('category=');
    expect(await marked(page)).toBe(true);
    await readerIsThere(page);
    e2e.expectNoConsoleErrors();
    await context.close();
  });

  it('the language switch tapped before the app started is followed by the browser at once, and the page left starts no app', async () => {
    const { context, page, scripts } = await reader();
    await page.goto('/pt');
    await mark(page);
    await page.getByRole('link', { name: 'EN' }).first().click();
    await page.waitForURL((url) => url.pathname === '/en');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await mainHeading(page).waitFor();
    // A new document, server-rendered: /pt never fetched its app.
    expect(await marked(page)).toBe(false);
    expect(appScripts(scripts)).toEqual([]);
    // And this one works as any: at the reader's sign it starts, and its switch goes back in place.
    await mark(page);
    await waitForApp(page.getByRole('link', { name: 'PT', exact: true }).first());
    await page.getByRole('link', { name: 'PT', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/pt');
    await page.getByRole('link', { name: 'PT', exact: true }).and(page.locator('[aria-current="page"]')).first().waitFor();
    expect(await marked(page)).toBe(true);
    e2e.expectNoConsoleErrors();
    await context.close();
  });

  it('a pointer that keeps moving starts the app once it pauses, not at its first move', async () => {
    const { context, page, scripts } = await reader();
    await page.goto('/pt', { waitUntil: 'load' });
    await mainHeading(page).waitFor();
    // A pointer moving on for over a second, a move every 100 ms (in the page, so the rhythm holds
    // on a busy machine): every move puts the start off again.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let moves = 0;
          const timer = setInterval(() => {
            window.dispatchEvent(new MouseEvent('mousemove', { clientX: 10 + moves * 10, clientY: 10 }));
            if (++moves < 12) return;
            clearInterval(timer);
            resolve();
          }, 100);
        }),
    );
    expect(appScripts(scripts)).toEqual([]);
    // Then still: the app comes.
    await expect.poll(() => appScripts(scripts).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await context.close();
  });
});

/**
 * The first layout covers what is on the first screen: the sections below the
 * fold are laid out as they come near it (content-visibility, decision 240),
 * and a reader sees none of it — anchors land where they did, nothing jumps
 * as she scrolls, and find-in-page finds their text.
 */
describe('the page below the fold', () => {
  const onPhone = async () => {
    const { context, page } = await reader();
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.shifted += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    return { context, page };
  };
  /** Whether the browser has laid the element out (false: skipped until it comes near the screen). */
  const laidOut = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));

  it('is laid out as she scrolls to it, with no jump, and find-in-page finds its text', async () => {
    const { context, page } = await onPhone();
    await page.goto('/pt', { waitUntil: 'load' });
    await mainHeading(page).waitFor();
    expect(await laidOut(page, '#hero-title')).toBe(true);
    expect(await laidOut(page, '#about h2')).toBe(false);
    expect(await laidOut(page, '#newsletter h2')).toBe(false);

    // A reader scrolling down the whole page with her finger (wheel steps, each drawn).
    // Each part is laid out when it comes near the screen (and may be skipped again once far above it).
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const seen = new Set<string>();
    for (let y = 0; y < height; y += 400) {
      await page.mouse.wheel(0, 400);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      for (const part of ['#newsletter h2', '#about h2']) if (await laidOut(page, part)) seen.add(part);
    }
    expect([...seen].sort()).toEqual(['#about h2', '#newsletter h2']);
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.01);

    // Find-in-page reaches a section never drawn yet, and brings it on screen.
    await page.goto('/pt', { waitUntil: 'load' });
    await mainHeading(page).waitFor();
    const about = (await page.locator('#about h2').textContent())!.trim();
    expect(await page.evaluate((text) => (window as unknown as { find: (s: string) => boolean }).find(text), about)).toBe(true);
    await expect.poll(() => page.locator('#about h2').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(823);
    await context.close();
  });

  it('the header’s links bring each section under the header', async () => {
    const { context, page } = await reader();
    // Short enough that the page can bring its last section to the top (contact, then the footer).
    await page.setViewportSize({ width: 1280, height: 640 });
    await page.goto('/pt', { waitUntil: 'load' });
    await mainHeading(page).waitFor();
    for (const id of ['contact', 'about', 'blog', 'contact']) {
      await page.getByRole('banner').locator(`a[href="#${id}"]`).first().click();
      // 80 px from the top: its scroll margin (5rem).
      const offTarget = () => page.locator(`#${id}`).evaluate((el) => Math.abs(el.getBoundingClientRect().top - 80));
      await expect.poll(offTarget, { timeout: 10_000 }).toBeLessThanOrEqual(40);
      await page.waitForTimeout(300);
      expect(await offTarget(), `#${id}`).toBeLessThanOrEqual(40);
    }
    await context.close();
  });

  for (const id of ['contact', 'about', 'newsletter']) {
    it(`an address to #${id} lands on it, under the header, as it did when the whole page was laid out`, async () => {
      const { context, page } = await onPhone();
      await page.goto(`/pt#${id}`, { waitUntil: 'load' });
      await mainHeading(page).waitFor();
      const header = await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom);
      // Its scroll margin (5rem) puts its top 80 px from the screen's (the scroll is smooth: wait for
      // its end); the estimated heights of the parts above it not laid out yet may move it by a few
      // pixels, never under the header.
      const top = () => page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top));
      await expect.poll(async () => Math.abs((await top()) - 80), { timeout: 10_000 }).toBeLessThanOrEqual(40);
      await page.waitForTimeout(500);
      expect(await top()).toBeGreaterThanOrEqual(Math.ceil(header));
      expect(Math.abs((await top()) - 80)).toBeLessThanOrEqual(40);
      await context.close();
    });
  }
});
