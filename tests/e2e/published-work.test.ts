/**
 * Her published work in Chromium (issue 43): a reader with JavaScript off
 * reads /pt/publicacoes and /en/published-work, filters them and opens an
 * archived copy with its banner; the homes link to them. axe-core on both
 * lists and a copy; the list is walked by keyboard alone. Hidden clips and
 * copies she does not show never appear. The clips are written with the
 * service key (the admin tab is another engineer's) and removed at the end,
 * so the other files on this server see the homes as before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../server/keys.ts';
import { E2E, runId } from './support/browser';
import { focusedName } from './support/focus';
import { theApp } from './support/the-app';
import { waitForApp } from './support/ui';

const baseUrl = theApp().url;
const outlet = `Gazeta ${runId}`;
let headers: Record<string, string>;
let e2e: E2E;
const made: string[] = [];

async function rest(pathAndQuery: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}/rest/v1/${pathAndQuery}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

async function addClip(row: Record<string, unknown>, copy?: string): Promise<{ id: string; slug: string }> {
  const [clip] = (await rest('clips', { method: 'POST', body: JSON.stringify({ language: 'pt', slug: '', outlet, ...row }) })) as { id: string; slug: string }[];
  made.push(clip!.id);
  if (copy) await rest('clip_copies', { method: 'POST', body: JSON.stringify({ clip_id: clip!.id, text_markdown: copy, fetched_at: new Date().toISOString() }) });
  return clip!;
}

let shown: { id: string; slug: string };
let closed: { id: string; slug: string };

beforeAll(async () => {
  const secret = readFileSync(path.join(theApp().dataDir, 'jwt-secret'), 'utf8').trim();
  const { serviceRoleKey } = await createApiKeys(secret);
  headers = { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json', Prefer: 'return=representation' };
  shown = await addClip(
    {
      title: `Reportagem arquivada ${runId}`,
      url: `http://127.0.0.1:9/gazeta/${runId}/arquivada`,
      byline: 'Helena Duarte',
      published_on: '2012-06-18',
      summary: 'Uma reportagem cuja página o veículo tirou do ar.',
      show_archive: true,
      link_status: 'dead',
      // As a copy archived before decision 291's fix, and a logo kept as the outlet's address: neither may be fetched.
      outlet_logo_url: `http://127.0.0.1:9/gazeta/${runId}/logo.png`,
    },
    `O texto **guardado** no site dela.\n\n![Foto da gazeta](http://127.0.0.1:9/gazeta/${runId}/foto.jpg)\n\nSegundo parágrafo.`,
  );
  closed = await addClip({ title: `Cópia fechada ${runId}`, url: `http://127.0.0.1:9/gazeta/${runId}/fechada`, published_on: '2015-02-01' }, 'Só dela.');
  await addClip({ title: `Oculta ${runId}`, url: `http://127.0.0.1:9/gazeta/${runId}/oculta`, status: 'hidden', published_on: '2016-01-01' });
  await addClip({ title: `English feature ${runId}`, url: `http://127.0.0.1:9/gazeta/${runId}/en`, language: 'en', published_on: '2021-09-09', featured: true });
  e2e = await E2E.open(baseUrl, 'published-work');
});

afterAll(async () => {
  await e2e?.close();
  if (made.length) await rest(`clips?id=in.(${made.join(',')})`, { method: 'DELETE' });
});

const entryTitles = (page: Page) => page.locator('main ol article h2').allTextContents();

describe('published work without JavaScript', () => {
  it('reads both lists from the homes’ links, filters by year, and opens the archived copy with its banner', async () => {
    const page = await e2e.newPage(await e2e.newContext({ javaScriptEnabled: false }));
    const outletRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('127.0.0.1:9/')) outletRequests.push(r.url());
    });
    await page.goto('/pt');
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Publicações' }).click();
    await page.waitForURL('**/pt/publicacoes');
    await page.getByRole('heading', { level: 1, name: 'Publicações' }).waitFor();
    const titles = await entryTitles(page);
    expect(titles[0]).toBe(`English feature ${runId}`);
    expect(titles).toContain(`Reportagem arquivada ${runId}`);
    expect(titles).not.toContain(`Oculta ${runId}`);

    await page.getByRole('navigation', { name: 'Filtrar publicações' }).getByRole('link', { name: outlet, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('veiculo') === outlet);
    await page.getByRole('link', { name: '2012', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('ano') === '2012');
    expect(await entryTitles(page)).toEqual([`Reportagem arquivada ${runId}`]);
    await expect.poll(() => page.getByText('18 de junho de 2012').count()).toBe(1);

    await page.getByRole('link', { name: new RegExp(`Ler cópia arquivada\\s?: Reportagem arquivada ${runId}`) }).click();
    await page.waitForURL(`**/pt/publicacoes/${shown.slug}`);
    const banner = page.getByRole('complementary', { name: 'Cópia arquivada neste site.' });
    await expect.poll(() => banner.textContent()).toContain(`Publicado originalmente em ${outlet}, 18 de junho de 2012.`);
    expect(await page.locator('main article strong').textContent()).toBe('guardado');
    // Dead original: the copy is its own canonical.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseUrl}/pt/publicacoes/${shown.slug}`);
    expect(outletRequests).toEqual([]);

    await page.goto('/en');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Published work' }).click();
    await page.waitForURL('**/en/published-work');
    expect((await entryTitles(page))[0]).toBe(`English feature ${runId}`);
    await page.context().close();
  });

  it('a copy she does not show, or a hidden clip, is the 404 page', async () => {
    const page = await e2e.newPage(await e2e.newContext({ javaScriptEnabled: false }));
    const res = await page.goto(`/pt/publicacoes/${closed.slug}`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    expect(await page.content()).not.toContain('Só dela.');
    // The browser logs the 404 answer itself.
    e2e.expectNoConsoleErrors([/status of 404/]);
    await page.context().close();
  });
});

describe('published work with JavaScript', () => {
  it('the copy opened from the list (rendered in the browser) asks nothing of the outlet either', async () => {
    const page = await e2e.newPage();
    const outletRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('127.0.0.1:9/')) outletRequests.push(r.url());
    });
    await page.goto(`/pt/publicacoes?veiculo=${encodeURIComponent(outlet)}`);
    const copyLink = page.getByRole('link', { name: new RegExp(`Ler cópia arquivada\\s?: Reportagem arquivada ${runId}`) });
    await waitForApp(copyLink);
    await copyLink.click();
    await page.waitForURL(`**/pt/publicacoes/${shown.slug}`);
    await page.locator('main article strong', { hasText: 'guardado' }).waitFor();
    await expect.poll(() => page.locator('main article').textContent()).toContain('Foto da gazeta');
    // Reached without loading a page: the copy was rendered by the app, not by the server.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation')[0]!.name)).toContain('/pt/publicacoes?veiculo=');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('img[src*="127.0.0.1:9"]').count()).toBe(0);
    expect(outletRequests).toEqual([]);
    e2e.expectNoConsoleErrors();
    await page.close();
  });
});

describe('published work: accessibility and keyboard', () => {
  it('axe finds nothing (WCAG 2.2 AA) on both lists and a copy', async () => {
    const page = await e2e.newPage();
    for (const address of ['/pt/publicacoes', '/en/published-work', `/pt/publicacoes/${shown.slug}`]) {
      await page.goto(address);
      await page.locator('main h1').waitFor();
      await e2e.expectAccessible(page, address);
      // The standard by name: WCAG 2.2 AA's rules (target size among them), any impact.
      const wcag = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(wcag.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), address).toEqual([]);
    }
    e2e.expectNoConsoleErrors();
    await page.close();
  });

  it('the list is usable by keyboard: skip link, filters, then each entry’s links', async () => {
    const page = await e2e.newPage();
    await page.goto(`/pt/publicacoes?veiculo=${encodeURIComponent(outlet)}`);
    await page.locator('main ol article').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('a: Pular para o conteúdo');
    await page.keyboard.press('Enter');
    const seen: string[] = [];
    for (let i = 0; i < 40 && !seen.some((s) => s.includes('Ler cópia arquivada')); i++) {
      await page.keyboard.press('Tab');
      seen.push(await focusedName(page));
    }
    expect(seen.some((s) => s.startsWith(`a: ${outlet}`))).toBe(true);
    expect(seen.some((s) => s.includes(`Ler no veículo: Reportagem arquivada ${runId}`))).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/pt/publicacoes/${shown.slug}`);
    e2e.expectNoConsoleErrors();
    await page.close();
  });
});
