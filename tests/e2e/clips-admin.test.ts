/**
 * Issue 43, her side, in Chromium against `npm start`: she reaches
 * "Publicações" from the keyboard; types a clip by hand (no address) and
 * saves it, and one with an address, which asks the server for its copy (an
 * 'archive' job); pastes an address, the screen inserts a 'preview' job and
 * reads it every second until the server's own clips worker, which fetched a
 * saved real page (tests/e2e/global-setup.ts serves them), fills the form;
 * hides a clip with its switch and deletes one after the question. Every row is read back from the database.
 * axe-core judges the tab, the add dialog (address and form), the bulk and
 * print dialogs and the question; the tab, the add and edit dialogs, the
 * bulk panels and the import's progress with its failures also against
 * WCAG 2.2 AA's rules alone (target-size included), failing on any impact.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../server/keys.ts';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { isFocused } from './support/focus.ts';
import { signInAsAdmin } from './support/ui';
import { theApp, theOutlets } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `publicacoes-${runId}@example.com`, password: `senha-${runId}-Publicacoes` };
const byHand = `A cheia de 1996 ${runId}`;
const withAddress = { title: `Bancos digitais ${runId}`, url: `https://www1.folha.uol.com.br/mercado/2019/05/bancos-${runId}.shtml` };
// A saved real page (tests/fixtures/clips/outlets), served by path at 127.0.0.1; the query keeps this run's address its own.
const uolPath = '/noticias/redacao/2019/05/27/gabriel-diniz-do-hit-jenifer-se-envolve-em-acidente-de-aviao-em-sergipe.html';
const previewed = { title: `Gabriel Diniz, do hit ${runId}`, url: `${theOutlets().origin}${uolPath}?e2e=${runId}` };

let e2e: E2E;
let page: Page;
let serviceKey: string;

async function rest(method: string, pathAndQuery: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${baseUrl}/rest/v1/${pathAndQuery}`, {
    method,
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return res;
}

interface ClipRow {
  id: string;
  kind: string;
  url: string | null;
  title: string;
  outlet: string | null;
  published_on: string | null;
  language: string;
  status: string;
  source: string;
  slug: string;
}

async function ourClips(): Promise<ClipRow[]> {
  const res = await rest('GET', `clips?select=id,kind,url,title,outlet,published_on,language,status,source,slug&title=like.*${runId}*&order=title`);
  return (await res.json()) as ClipRow[];
}

async function jobsFor(input: string): Promise<{ id: string; kind: string; state: string; clip_id: string | null }[]> {
  const res = await rest('GET', `clip_jobs?select=id,kind,state,clip_id&input=eq.${encodeURIComponent(input)}&order=created_at`);
  return (await res.json()) as { id: string; kind: string; state: string; clip_id: string | null }[];
}

beforeAll(async () => {
  const secret = readFileSync(path.join(app.dataDir, 'jwt-secret'), 'utf8').trim();
  serviceKey = (await createApiKeys(secret)).serviceRoleKey;
  e2e = await E2E.open(baseUrl, 'clips-admin');
  page = await e2e.newPage();
});

afterAll(async () => {
  await e2e?.close();
  await rest('DELETE', `clip_jobs?input=like.*${runId}*`);
  await rest('DELETE', `clip_feeds?url=like.*${runId}*`);
  await rest('DELETE', `clips?title=like.*${runId}*`);
});

const tab = () => page.getByRole('tabpanel', { name: /^Publicações/ });
const dialog = (name: string) => page.getByRole('dialog', { name });

/** Focus on `control`, then `key`: the keyboard, not the mouse. */
async function press(control: ReturnType<Page['getByRole']>, key = 'Enter') {
  await control.focus();
  await page.keyboard.press(key);
}

describe('her published work in the admin (issue 43)', () => {
  it('she reaches "Publicações" with the arrow keys; the empty tab passes axe', async () => {
    const made = await createAdmin(app, admin.email, admin.password);
    expect(made.status, made.output).toBe(0);
    await signInAsAdmin(page, admin.email, admin.password);
    await page.getByRole('tab', { name: 'Fediverso' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => isFocused(page.getByRole('tab', { name: /^Publicações/ }))).toBe(true);
    expect(await page.getByRole('tab', { name: /^Publicações/ }).getAttribute('aria-selected')).toBe('true');
    await tab().getByRole('list', { name: 'Contagem' }).waitFor();
    await e2e.expectAccessible(page, '"Publicações"');
    await e2e.expectWcag22AA(page, '"Publicações", empty');
    e2e.expectNoConsoleErrors();
  });

  it('types a clip by hand without an address: saved as she typed it, its slug made by the database', async () => {
    await press(tab().getByRole('button', { name: 'Adicionar publicação' }));
    const add = dialog('Adicionar publicação');
    await add.getByRole('textbox', { name: 'Endereço da matéria' }).waitFor();
    await e2e.expectAccessible(page, '"Adicionar publicação", the address');
    await e2e.expectWcag22AA(page, '"Adicionar publicação", the address');
    // Tab from the address reaches both buttons, in the order they are read.
    await add.getByRole('textbox', { name: 'Endereço da matéria' }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(add.getByRole('button', { name: 'Preencher à mão' }))).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(add.getByRole('button', { name: 'Buscar dados' }))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    const title = add.getByRole('textbox', { name: /Título/ });
    await title.waitFor();
    // Saving without a title says so, and sends nothing.
    await press(add.getByRole('button', { name: 'Salvar' }));
    await add.getByText('Informe o título.').waitFor();
    await e2e.expectAccessible(page, '"Adicionar publicação", the form refused');
    await e2e.expectWcag22AA(page, '"Adicionar publicação", the form refused');
    await title.focus();
    await page.keyboard.type(byHand);
    await add.getByRole('textbox', { name: 'Veículo', exact: true }).focus();
    await page.keyboard.type('Jornal do Commercio');
    await add.getByLabel('Data de publicação').fill('1996-02-14');
    await press(add.getByRole('button', { name: 'Salvar' }));
    await add.waitFor({ state: 'detached' });
    await tab().getByRole('heading', { name: byHand }).waitFor();
    const [clip] = await ourClips();
    expect(clip).toMatchObject({ kind: 'print', url: null, title: byHand, outlet: 'Jornal do Commercio', published_on: '1996-02-14', language: 'pt', status: 'published', source: 'manual' });
    expect(clip!.slug).toMatch(/^a-cheia-de-1996-/);
    e2e.expectNoConsoleErrors();
  });

  it('types one with its address: the clip is saved at once and its copy asked of the server', async () => {
    await press(tab().getByRole('button', { name: 'Adicionar publicação' }));
    const add = dialog('Adicionar publicação');
    await add.getByRole('textbox', { name: 'Endereço da matéria' }).fill(withAddress.url);
    await press(add.getByRole('button', { name: 'Preencher à mão' }));
    await add.getByRole('textbox', { name: /Título/ }).fill(withAddress.title);
    await press(add.getByRole('button', { name: 'Salvar' }));
    await add.waitFor({ state: 'detached' });
    const clip = (await ourClips()).find((c) => c.title === withAddress.title);
    expect(clip).toMatchObject({ kind: 'web', url: withAddress.url, source: 'manual' });
    expect(await jobsFor(withAddress.url)).toEqual([expect.objectContaining({ kind: 'archive', clip_id: clip!.id })]);
    // The same address again is refused in her words, her fields kept.
    await press(tab().getByRole('button', { name: 'Adicionar publicação' }));
    await add.getByRole('textbox', { name: 'Endereço da matéria' }).fill(withAddress.url);
    await press(add.getByRole('button', { name: 'Preencher à mão' }));
    await add.getByRole('textbox', { name: /Título/ }).fill('De novo');
    await press(add.getByRole('button', { name: 'Salvar' }));
    await add.getByRole('alert').getByText('Já existe uma publicação com este endereço.').waitFor();
    expect(await add.getByRole('textbox', { name: /Título/ }).inputValue()).toBe('De novo');
    await page.keyboard.press('Escape');
    await add.waitFor({ state: 'detached' });
    // The browser logs the database's refusal of the second insert itself.
    e2e.expectNoConsoleErrors([/status of 409 \(Conflict\) \(.*\/rest\/v1\/clips\?select=id\)/]);
  });

  it('pastes an address: the server fetches the page, and its answer fills the form for her to check and change', async () => {
    await press(tab().getByRole('button', { name: 'Adicionar publicação' }));
    const add = dialog('Adicionar publicação');
    await add.getByRole('textbox', { name: 'Endereço da matéria' }).fill(previewed.url);
    await press(add.getByRole('button', { name: 'Buscar dados' }));
    // The worker of `npm start` fetched the saved UOL page and extracted it.
    const title = add.getByRole('textbox', { name: /Título/ });
    await expect.poll(() => title.inputValue().catch(() => ''), { timeout: 15_000 }).toBe('Gabriel Diniz, do hit');
    expect(await jobsFor(previewed.url)).toEqual([expect.objectContaining({ kind: 'preview', state: 'done' })]);
    expect(await add.getByRole('textbox', { name: 'Veículo', exact: true }).inputValue()).toBe('UOL');
    expect(await add.getByRole('textbox', { name: 'Resumo' }).inputValue()).toBe('Gabriel Diniz, famoso pelo hit');
    await expect.poll(() => isFocused(add.getByText(/Confira os dados encontrados/))).toBe(true);
    await e2e.expectAccessible(page, '"Adicionar publicação", the form filled from the page');
    await e2e.expectWcag22AA(page, '"Adicionar publicação", the form filled from the page');
    // What the page said is hers to change before saving.
    await title.fill(previewed.title);
    await press(add.getByRole('button', { name: 'Salvar' }));
    await add.waitFor({ state: 'detached' });
    expect((await ourClips()).find((c) => c.title === previewed.title)).toMatchObject({ kind: 'web', url: previewed.url, outlet: 'UOL', published_on: '2019-05-27', language: 'pt', source: 'url' });
    e2e.expectNoConsoleErrors();
  });

  it('hides a clip with its switch (Space), and deletes one after the question; axe judges the bulk and print dialogs and the question', async () => {
    const row = tab().getByRole('listitem').filter({ has: page.getByRole('heading', { name: byHand }) });
    await press(row.getByRole('switch', { name: /^Publicado/ }), 'Space');
    await expect.poll(async () => (await ourClips()).find((c) => c.title === byHand)?.status).toBe('hidden');

    await e2e.expectWcag22AA(page, '"Publicações", with clips');
    await press(tab().getByRole('button', { name: `Editar “${byHand}”` }));
    await dialog('Editar publicação').getByRole('textbox', { name: /Título/ }).waitFor();
    await e2e.expectWcag22AA(page, '"Editar publicação"');
    await page.keyboard.press('Escape');
    await dialog('Editar publicação').waitFor({ state: 'detached' });

    await press(tab().getByRole('button', { name: 'Importar em lote' }));
    const bulk = dialog('Importar em lote');
    await bulk.getByRole('textbox', { name: 'Endereços, um por linha' }).waitFor();
    await e2e.expectAccessible(page, '"Importar em lote"');
    await e2e.expectWcag22AA(page, '"Importar em lote", the list');
    // A refused address: the progress and its failure, listed with the reason.
    const refused = `http://169.254.169.254/${runId}`;
    await bulk.getByRole('textbox', { name: 'Endereços, um por linha' }).fill(refused);
    await press(bulk.getByRole('button', { name: 'Importar 1 endereço' }));
    await bulk.getByRole('heading', { name: 'Não importadas' }).waitFor({ timeout: 15_000 });
    await bulk.getByText(`${refused}: Endereço recusado`).waitFor();
    await e2e.expectWcag22AA(page, '"Importar em lote", the progress and its failure');
    await press(bulk.getByRole('tab', { name: 'Lista de endereços' }), 'ArrowRight');
    await bulk.getByRole('textbox', { name: /Endereço da página de autor/ }).waitFor();
    await e2e.expectWcag22AA(page, '"Importar em lote", author page or feed');
    // The pieces a feed offers, each with its checkbox, and the feed followed (the outlet server's feed of its saved pages).
    await bulk.getByRole('textbox', { name: /Endereço da página de autor/ }).fill(`${theOutlets().origin}/feeds/saved.xml?e2e=${runId}`);
    await press(bulk.getByRole('button', { name: 'Buscar publicações' }));
    await bulk.getByRole('heading', { name: /em Páginas salvas$/ }).waitFor({ timeout: 15_000 });
    await press(bulk.getByRole('button', { name: 'Marcar todas', exact: true }));
    await bulk.getByRole('button', { name: /^Verificar novas publicações de Páginas salvas/ }).waitFor();
    await e2e.expectWcag22AA(page, '"Importar em lote", the pieces a feed offers');
    await press(bulk.getByRole('tab', { name: 'Página de autor ou feed' }), 'ArrowRight');
    await bulk.getByRole('tabpanel', { name: 'Arquivo CSV' }).waitFor();
    await e2e.expectWcag22AA(page, '"Importar em lote", CSV');
    await page.keyboard.press('Escape');
    await press(tab().getByRole('button', { name: 'Adicionar impresso' }));
    await dialog('Adicionar impresso').getByLabel(/Arquivo \(PDF/).waitFor();
    await e2e.expectAccessible(page, '"Adicionar impresso"');
    await page.keyboard.press('Escape');

    await press(tab().getByRole('button', { name: `Apagar “${withAddress.title}”` }));
    const question = page.getByRole('alertdialog', { name: 'Apagar esta publicação?' });
    await question.waitFor();
    await expect.poll(() => isFocused(question.getByRole('button', { name: 'Cancelar' }))).toBe(true);
    await e2e.expectAccessible(page, 'the question before deleting a clip');
    await press(question.getByRole('button', { name: 'Apagar' }));
    await expect.poll(async () => (await ourClips()).map((c) => c.title)).not.toContain(withAddress.title);
    await tab().getByRole('heading', { name: withAddress.title }).waitFor({ state: 'detached' });
    e2e.expectNoConsoleErrors();
  });
});
