/**
 * The site with thousands of posts (issue 11), in Chromium against `npm
 * start`: the home shows 9 and "Carregar mais" appends the next 9, inside
 * the chosen category too; the admin's counts are exact and she finds one
 * post among thousands by its title. The posts are seeded with the
 * service_role key and removed afterwards, so the other files see the demo.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../server/keys.ts';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { control, postCards, waitForCards } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `arquivista-${runId}@example.com`, password: `senha-${runId}-Arquivista` };
const PER_LANGUAGE = 2000;
const prefix = `Arquivo ${runId}`;

let e2e: E2E;
let serviceKey: string;

async function rest(method: string, pathAndQuery: string, body?: unknown, prefer = 'return=minimal'): Promise<Response> {
  const res = await fetch(`${baseUrl}/rest/v1/${pathAndQuery}`, {
    method,
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json', Prefer: prefer },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return res;
}

beforeAll(async () => {
  const secret = readFileSync(path.join(app.dataDir, 'jwt-secret'), 'utf8').trim();
  serviceKey = (await createApiKeys(secret)).serviceRoleKey;
  for (const language of ['pt', 'en'] as const) {
    const category = language === 'pt' ? 'Outros' : 'Others';
    const rows = Array.from({ length: PER_LANGUAGE }, (_, i) => ({
      title: `${prefix} ${language} ${i}`,
      excerpt: `Do arquivo, número ${i}.`,
      content: 'Texto do arquivo.',
      language,
      category: i % 2 === 0 ? category : null,
      published: true,
      // Older than the demo posts, one hour apart.
      date: new Date(Date.UTC(2019, 0, 1) - i * 3_600_000).toISOString(),
    }));
    await rest('POST', 'blog_posts', rows);
  }
  e2e = await E2E.open(baseUrl, 'scale');
}, 120_000);

afterAll(async () => {
  await e2e?.close();
  const pattern = `title=like.${encodeURIComponent(`${prefix}*`)}`;
  await rest('DELETE', `blog_posts?${pattern}`);
  const left = await rest('HEAD', `blog_posts?select=id&${pattern}`, undefined, 'count=exact');
  if (left.headers.get('content-range') !== '*/0') throw new Error(`the seeded posts were not all removed: ${left.headers.get('content-range')}`);
});

const cardCount = (page: Page) => postCards(page).count();

describe('the blog with thousands of posts', () => {
  it('shows 9, and "Carregar mais" appends the next 9 in place', async () => {
    const page = await e2e.newPage();
    await page.goto('/pt');
    expect(await waitForCards(page)).toBe(9);
    const more = page.getByRole('link', { name: 'Carregar mais' });
    expect(await more.getAttribute('href')).toBe('/pt?page=2#blog');
    await more.click();
    await expect.poll(() => cardCount(page)).toBe(18);
    expect(new URL(page.url()).pathname).toBe('/pt');
    await page.getByRole('link', { name: 'Carregar mais' }).click();
    await expect.poll(() => cardCount(page)).toBe(27);
    const titles = await postCards(page).getByRole('heading').allTextContents();
    expect(new Set(titles).size).toBe(27);
    await e2e.screenshot(page, 'home-pt-27-cards');
    e2e.expectNoConsoleErrors();
  });

  it('keeps paging inside the chosen category', async () => {
    const page = await e2e.newPage();
    await page.goto('/en');
    await waitForCards(page);
    await control(page, 'Others').click();
    await expect.poll(() => page.getByRole('button', { name: 'Others', pressed: true }).count()).toBe(1);
    await expect.poll(async () => (await postCards(page).getByText('Others', { exact: true }).count()) === (await cardCount(page))).toBe(true);
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect.poll(() => cardCount(page)).toBe(18);
    expect(await postCards(page).getByText('Others', { exact: true }).count()).toBe(18);
    e2e.expectNoConsoleErrors();
  });
});

describe('the admin panel with thousands of posts', () => {
  it('counts exactly and finds a post among thousands by its title', async () => {
    const made = await createAdmin(app, admin.email, admin.password);
    expect(made.status, made.output).toBe(0);
    const counts = await Promise.all(
      (['pt', 'en'] as const).map(async (language) => {
        const res = await fetch(`${baseUrl}/rest/v1/blog_posts?select=id&language=eq.${language}`, {
          method: 'HEAD',
          headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, Prefer: 'count=exact' },
        });
        return Number(res.headers.get('content-range')!.split('/')[1]);
      }),
    );
    expect(counts[0]).toBeGreaterThan(PER_LANGUAGE);

    const page = await e2e.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByRole('tabpanel').getByLabel('Email').fill(admin.email);
    await page.getByRole('tabpanel').getByLabel(/^Senha/).fill(admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('tab', { name: `Português (${counts[0]})` }).waitFor();
    await page.getByRole('tab', { name: `English (${counts[1]})` }).waitFor();
    // Never thousands of cards at once.
    await page.getByRole('tabpanel').getByRole('heading', { level: 3 }).first().waitFor();
    expect(await page.getByRole('tabpanel').getByRole('heading', { level: 3 }).count()).toBe(20);

    const wanted = `${prefix} pt 1999`;
    await page.getByRole('searchbox', { name: 'Buscar por título' }).fill(wanted);
    const heading = page.getByRole('tabpanel').getByRole('heading', { level: 3, name: wanted, exact: true });
    await heading.waitFor();
    await page.getByRole('button', { name: `Editar post ${wanted}` }).click();
    await expect.poll(() => page.getByRole('dialog').getByLabel(/^Título/).inputValue()).toBe(wanted);
    await e2e.screenshot(page, 'admin-search');
    e2e.expectNoConsoleErrors();
  });
});
