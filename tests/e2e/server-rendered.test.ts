/**
 * The server-rendered public pages in Chromium (issue 9): a reader without
 * JavaScript reads the homes and a post; with JavaScript the page hydrates
 * without a warning and without fetching again what it already carries, and
 * then it is the SPA (filter, share, client-side navigation).
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/lib/categories';
import { E2E } from './support/browser';
import { cardTitled, control, mainHeading, postCards, readMore, toast, waitForApp } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
let e2e: E2E;

beforeAll(async () => {
  e2e = await E2E.open(baseUrl, 'ssr');
});

afterAll(async () => {
  await e2e?.close();
});

/** Requests to the data API a page makes from now on. */
function watchApi(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/rest/')) seen.push(request);
  });
  return seen;
}

describe('without JavaScript', () => {
  let page: Page;

  beforeAll(async () => {
    page = await e2e.newPage(await e2e.newContext({ javaScriptEnabled: false }));
  });

  it('/pt shows the hero, the posts with their links, about and contact', async () => {
    const response = await page.goto('/pt');
    expect(response?.status()).toBe(200);
    expect(await mainHeading(page).textContent()).toBeTruthy();
    expect(await postCards(page).count()).toBeGreaterThanOrEqual(6);
    for (const id of ['about', 'contact']) expect(await page.locator(`#${id}`).isVisible()).toBe(true);
    await e2e.screenshot(page, 'no-js-home-pt');
  });

  it('a post shows its whole text, and its link from the home works', async () => {
    await page.goto('/en');
    const card = postCards(page).first();
    const title = (await card.getByRole('heading').textContent())!;
    await readMore(card).click();
    await page.waitForURL((url) => /^\/en\/[a-z0-9-]+$/.test(url.pathname));
    expect(await mainHeading(page).textContent()).toBe(title);
    const text = (await page.locator('article').textContent()) ?? '';
    expect(text.length).toBeGreaterThan(500);
    await e2e.screenshot(page, 'no-js-post');
  });

  it('the category links of the language switch keep working', async () => {
    await page.goto('/pt?category=Comunica%C3%A7%C3%A3o%20de%20Crise');
    const titles = await postCards(page).getByRole('heading').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    await page.getByRole('banner').getByRole('link', { name: 'EN' }).click();
    await page.waitForURL((url) => url.pathname === '/en' && url.searchParams.get('category') === 'Crisis Communication');
    expect(await page.getByRole('button', { name: 'Crisis Communication', pressed: true }).count()).toBe(1);
  });

  it('the category filter works: each choice loads that category, and "Todos" all of them', async () => {
    await page.goto('/pt');
    const all = await postCards(page).count();
    await control(page, 'Comunicação de Crise').click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'Comunicação de Crise');
    expect(await page.getByRole('button', { name: 'Comunicação de Crise', pressed: true }).count()).toBe(1);
    const titles = await postCards(page).getByRole('heading').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.length).toBeLessThan(all);
    for (const title of titles) expect(await cardTitled(page, title).getByText('Comunicação de Crise').count()).toBe(1);
    await control(page, 'Todos').click();
    await page.waitForURL((url) => url.pathname === '/pt' && !url.searchParams.has('category'));
    expect(await page.getByRole('button', { name: 'Todos', pressed: true }).count()).toBe(1);
    // Every category again, not the filter's. Not the first count exactly: the other files share
    // this server, and one may publish or delete a post between the two loads.
    expect(await postCards(page).count()).toBeGreaterThan(titles.length);
    const shown = (await postCards(page).allTextContents()).join(' ');
    expect(CATEGORIES.pt.filter((category) => shown.includes(category)).length).toBeGreaterThan(1);
  });

  afterAll(async () => {
    await page.context().close();
  });
});

describe('with JavaScript', () => {
  let page: Page;

  beforeAll(async () => {
    page = await e2e.newPage();
  });

  it('/pt hydrates without a warning and without fetching its data again', async () => {
    const api = watchApi(page);
    await page.goto('/pt', { waitUntil: 'networkidle' });
    expect(api.map((r) => r.url()), 'requests before any click').toEqual([]);
    await waitForApp(page.locator('#blog').getByRole('group'));
    // Interactive: the filter answers a click, which only the hydrated app does.
    await control(page, 'Comunicação de Crise').click();
    await expect.poll(() => page.getByRole('button', { name: 'Comunicação de Crise', pressed: true }).count()).toBe(1);
    for (const title of await postCards(page).getByRole('heading').allTextContents()) {
      expect(await cardTitled(page, title).getByText('Comunicação de Crise').count()).toBe(1);
    }
    expect(page.url()).toContain('category=');
    // The only read after hydration is the chosen category's first page.
    expect(api.map((r) => Object.fromEntries(new URL(r.url()).searchParams))).toEqual([
      expect.objectContaining({ language: 'eq.pt', published: 'eq.true', category: 'eq.Comunicação de Crise', offset: '0' }),
    ]);
    const hydration = e2e.messages.filter((m) => /hydrat|did not match|mismatch/i.test(m.text));
    expect(hydration).toEqual([]);
    e2e.expectNoConsoleErrors();
  });

  it('share still works after hydration', async () => {
    await control(page, 'Todos').click();
    const card = postCards(page).first();
    await card.getByRole('button', { name: /^Compartilhar/ }).click();
    await toast(page, 'Link copiado!').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/pt\/[a-z0-9]+(-[a-z0-9]+)*$/);
    e2e.expectNoConsoleErrors();
  });

  it('after the first page it is the SPA: a post opens without reloading the document', async () => {
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const card = postCards(page).first();
    const title = (await card.getByRole('heading').textContent())!;
    await readMore(card).click();
    await page.waitForURL((url) => /^\/(pt|en)\/[a-z0-9-]+$/.test(url.pathname));
    await expect.poll(() => mainHeading(page).textContent()).toBe(title);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await page.title()).toBe(title);
    e2e.expectNoConsoleErrors();
  });

  it('a post loaded directly hydrates without a warning or a request', async () => {
    const fresh = await e2e.newPage();
    const api = watchApi(fresh);
    const before = e2e.messages.length;
    await fresh.goto(page.url(), { waitUntil: 'networkidle' });
    await fresh.getByRole('link', { name: 'Voltar ao blog' }).waitFor();
    expect(api.map((r) => r.url())).toEqual([]);
    expect(e2e.messages.slice(before).filter((m) => m.type === 'error' || m.type === 'warning')).toEqual([]);
    await fresh.close();
  });
});
