/**
 * Issue 25, her side, in Chromium against `npm start`: she opens
 * "Assinantes" from the keyboard and sees the database's counts; a Substack
 * subscriber list (email_list….csv) chosen from the keyboard is summed up
 * before anything is written, is refused without her confirmation of the
 * readers' consent, then imported (added, invalid); she finds the addresses
 * by search, removes one after confirming, and exports the list. In the post
 * dialog "Enviar aos assinantes" is on for a new post and works by keyboard;
 * the published post goes out once, "Envios" shows it sent, the dialog then
 * says when, and "Enviar teste para mim" answers with her address. axe-core
 * judges the tab empty, with the preview, with the refusal, with the result,
 * the removal's question and the post dialog.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../server/keys.ts';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { signInAsAdmin, toast } from './support/ui';
import { focusedName, isFocused } from './support/focus.ts';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `assinantes-${runId}@example.com`, password: `senha-${runId}-Assinantes` };
const readers = { ana: `ana-${runId}@example.com`, bruno: `bruno-${runId}@example.com`, carla: `carla-${runId}@example.com` };
/** Substack's export of the list: three readers, one who turned mail off there, one line without an address. */
const substackList = {
  name: `email_list.ana-${runId}.csv`,
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'email,active_subscription,expiry,plan,email_disabled,created_at,first_payment_at',
      `${readers.ana},false,,,false,2023-09-01T10:00:00.000Z,`,
      `${readers.bruno.toUpperCase()},true,2024-09-01T10:00:00.000Z,yearly,false,2023-09-02T10:00:00.000Z,2023-09-02T10:05:00.000Z`,
      `desligado-${runId}@example.com,false,,,true,2023-09-03T10:00:00.000Z,`,
      `${readers.carla},false,,,false,2023-09-04T10:00:00.000Z,`,
      `sem-arroba-${runId},false,,,false,2023-09-05T10:00:00.000Z,`,
    ].join('\n'),
  ),
};
const postTitle = `Para os assinantes ${runId}`;

let e2e: E2E;
let page: Page;
let serviceKey: string;

async function rest(method: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(`${baseUrl}/rest/v1/${pathAndQuery}`, {
    method,
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, ...headers },
  });
  if (!res.ok) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return res;
}

/** What the database counts (the service role reads past row-level security): confirmed of a language, pending, or every address. */
async function countInDatabase(filter: 'pt' | 'en' | 'pending' | 'all'): Promise<number> {
  const where = { pending: 'status=eq.pending', all: 'id=not.is.null' }[filter as string] ?? `status=eq.confirmed&languages=cs.%7B${filter}%7D`;
  const res = await rest('HEAD', `newsletter_subscribers?select=id&${where}`, { Prefer: 'count=exact' });
  return Number(res.headers.get('content-range')!.split('/')[1]);
}

async function ourSubscribers(): Promise<{ email: string; languages: string[]; status: string; source: string }[]> {
  const res = await rest('GET', `newsletter_subscribers?select=email,languages,status,source&email=like.*${runId}*&order=email`);
  return (await res.json()) as { email: string; languages: string[]; status: string; source: string }[];
}

beforeAll(async () => {
  const secret = readFileSync(path.join(app.dataDir, 'jwt-secret'), 'utf8').trim();
  serviceKey = (await createApiKeys(secret)).serviceRoleKey;
  e2e = await E2E.open(baseUrl, 'newsletter-admin');
  page = await e2e.newPage();
});

afterAll(async () => {
  await e2e?.close();
  // The files after this one count subscribers and posts of their own.
  await rest('DELETE', `newsletter_subscribers?email=like.*${runId}*`);
  await rest('DELETE', `blog_posts?title=like.${encodeURIComponent(`*${runId}*`)}`);
});

const tab = () => page.getByRole('tabpanel', { name: 'Assinantes' });
const fileInput = () => tab().getByLabel('Arquivo CSV');
const consent = () => tab().getByRole('checkbox', { name: /^Confirmo que estas pessoas consentiram/ });
const figure = (term: string) => tab().locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
const listRows = () => tab().getByRole('table', { name: 'Lista' }).getByRole('rowheader');

/** The tab's three figures are the database's. */
async function expectCountsOfDatabase() {
  const [pt, en, pending] = await Promise.all([countInDatabase('pt'), countInDatabase('en'), countInDatabase('pending')]);
  await expect.poll(() => figure('Confirmados em Português').textContent()).toBe(String(pt));
  expect(await figure('Confirmados em English').textContent()).toBe(String(en));
  expect(await figure('Aguardando confirmação').textContent()).toBe(String(pending));
  return { pt, en, pending };
}

describe('her subscribers in the admin (issue 25)', () => {
  it('she opens "Assinantes" with the arrow keys; its counts are the database\'s; axe finds nothing serious', async () => {
    const made = await createAdmin(app, admin.email, admin.password);
    expect(made.status, made.output).toBe(0);
    await signInAsAdmin(page, admin.email, admin.password);
    await page.getByRole('tab', { name: 'Posts' }).focus();
    // Radix moves the focus in a task after the key: each press waits for it to land.
    for (const next of ['Configurações', 'Importar e exportar', 'Assinantes']) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => isFocused(page.getByRole('tab', { name: next }))).toBe(true);
    }
    expect(await page.getByRole('tab', { name: 'Assinantes' }).getAttribute('aria-selected')).toBe('true');
    await tab().getByRole('heading', { name: 'Lista' }).waitFor();
    await tab().getByRole('heading', { name: 'Envios' }).waitFor();
    await expectCountsOfDatabase();
    // The chart says in words what it draws.
    await tab().getByRole('img', { name: /^Assinantes confirmados nos últimos 90 dias Nos últimos 90 dias, os assinantes confirmados em português foram de \d+ para \d+/ }).waitFor();
    await e2e.screenshot(page, 'tab');
    await e2e.expectAccessible(page, '"Assinantes"');
    e2e.expectNoConsoleErrors();
  });

  it('a CSV chosen from the keyboard is summed up before anything is written; its summary takes the focus; axe finds nothing serious', async () => {
    await fileInput().focus();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles(substackList);
    const found = tab().getByRole('heading', { name: `4 endereços encontrados em ${substackList.name}` });
    await found.waitFor();
    await expect.poll(() => isFocused(found)).toBe(true);
    await tab().getByText(readers.bruno, { exact: true }).waitFor();
    await tab().getByText(/^1 endereço marcado com email desativado na outra plataforma/).waitFor();
    expect(await ourSubscribers()).toEqual([]);
    await e2e.screenshot(page, 'preview');
    await e2e.expectAccessible(page, '"Assinantes", the preview of a CSV');
    e2e.expectNoConsoleErrors();
  });

  it('every control is reached with Tab; the arrows pick the languages; Enter without her confirmation of consent imports nothing', async () => {
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      order.push(await focusedName(page));
    }
    expect(order).toEqual([
      'input[radio]: Português',
      expect.stringMatching(/^input\[checkbox\]: Confirmo que estas pessoas consentiram/),
      'button: Importar 4 endereços',
    ]);
    await tab().getByRole('radio', { name: 'Português', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await tab().getByRole('radio', { name: 'Português e English' }).isChecked()).toBe(true);

    await tab().getByRole('button', { name: 'Importar 4 endereços' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(consent())).toBe(true);
    expect(await consent().getAttribute('aria-invalid')).toBe('true');
    await tab().getByText('Marque a confirmação do consentimento para importar.').waitFor();
    expect(await ourSubscribers()).toEqual([]);
    await e2e.screenshot(page, 'consent-required');
    await e2e.expectAccessible(page, '"Assinantes", the consent not given');
    e2e.expectNoConsoleErrors();
  });

  it('Space confirms the consent, Enter imports: added and invalid said, the result focused, the addresses confirmed in both languages, the counts follow', async () => {
    await consent().focus();
    await page.keyboard.press('Space');
    expect(await consent().isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const done = tab().getByRole('heading', { name: 'Importação concluída' });
    await done.waitFor();
    await expect.poll(() => isFocused(done)).toBe(true);
    await tab().getByText('3 adicionados', { exact: true }).waitFor();
    await tab().getByText('0 já estavam na lista', { exact: true }).waitFor();
    await tab().getByText('1 inválido', { exact: true }).waitFor();
    expect(await ourSubscribers()).toEqual(
      [readers.ana, readers.bruno, readers.carla].map((email) => ({ email, languages: ['pt', 'en'], status: 'confirmed', source: 'import' })),
    );
    await expectCountsOfDatabase();
    await e2e.screenshot(page, 'imported');
    await e2e.expectAccessible(page, '"Assinantes", the result of an import');
    e2e.expectNoConsoleErrors();
  });

  it('the search finds them by part of the address; one is removed from the keyboard after the question, from the database too; axe judges the question', async () => {
    await tab().getByRole('searchbox', { name: 'Buscar por email' }).fill(runId);
    // One import, one instant: their order among themselves is the database's.
    await expect.poll(async () => (await listRows().allTextContents()).sort()).toEqual([readers.ana, readers.bruno, readers.carla]);
    await tab().getByText('1–3 de 3', { exact: true }).waitFor();
    const before = await countInDatabase('pt');

    await tab().getByRole('button', { name: `Remover ${readers.bruno}` }).focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog', { name: 'Remover assinante?' });
    await question.waitFor();
    await question.getByText(`${readers.bruno} deixará de receber os posts por email.`, { exact: false }).waitFor();
    // An alert dialog starts on its safe answer.
    await expect.poll(() => isFocused(question.getByRole('button', { name: 'Cancelar' }))).toBe(true);
    await e2e.screenshot(page, 'remove-question');
    await e2e.expectAccessible(page, '"Assinantes", the removal\'s question');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('button: Remover');
    await page.keyboard.press('Enter');
    await toast(page, 'Assinante removido').waitFor();
    await expect.poll(() => listRows().allTextContents()).toEqual(expect.not.arrayContaining([readers.bruno]));
    await tab().getByText('1–2 de 2', { exact: true }).waitFor();
    // The row and its button went: the focus waits in the search.
    await expect.poll(() => isFocused(tab().getByRole('searchbox', { name: 'Buscar por email' }))).toBe(true);
    expect((await ourSubscribers()).map((s) => s.email)).toEqual([readers.ana, readers.carla]);
    expect(await countInDatabase('pt')).toBe(before - 1);
    await expectCountsOfDatabase();
    e2e.expectNoConsoleErrors();
  });

  it('"Exportar CSV" (Enter) downloads every address with its six columns', async () => {
    await tab().getByRole('button', { name: 'Exportar CSV' }).focus();
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^assinantes-127\.0\.0\.1-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await file.path())!, 'utf8').split('\r\n');
    expect(lines[0]).toBe('email,languages,status,source,created_at,confirmed_at');
    const ours = lines.filter((line) => line.includes(runId));
    expect(ours.map((line) => line.split(',')[0])).toEqual(expect.arrayContaining([readers.ana, readers.carla]));
    expect(ours).toHaveLength(2);
    expect(ours[0]).toMatch(/^[^,]+,"pt,en",confirmed,import,\d{4}-\d{2}-\d{2}T/);
    // Every address once, confirmed and pending.
    const all = await countInDatabase('all');
    expect(lines).toHaveLength(all + 1);
    await tab().getByText(`CSV baixado: ${all} ${all === 1 ? 'endereço' : 'endereços'}.`, { exact: true }).waitFor();
    e2e.expectNoConsoleErrors();
  });
});

describe('"Enviar aos assinantes" in the post dialog (issue 25)', () => {
  const dialog = () => page.getByRole('dialog');
  const newsletterSwitch = () => dialog().getByRole('switch', { name: 'Enviar aos assinantes' });

  it('a new post has it on; Tab reaches it and Space turns it off and on; axe finds nothing serious in the dialog', async () => {
    await page.getByRole('tab', { name: 'Posts' }).click();
    await page.getByRole('button', { name: 'Novo Post' }).click();
    await dialog().getByRole('heading', { name: 'Criar Novo Post' }).waitFor();
    expect(await newsletterSwitch().getAttribute('aria-checked')).toBe('true');
    await dialog().getByRole('switch', { name: 'Publicado' }).focus();
    // "Publicado", then "Agendar", then this switch.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('button(switch): Enviar aos assinantes');
    await page.keyboard.press('Space');
    expect(await newsletterSwitch().getAttribute('aria-checked')).toBe('false');
    await dialog().getByText('Não vai por email aos assinantes.').waitFor();
    await page.keyboard.press('Space');
    expect(await newsletterSwitch().getAttribute('aria-checked')).toBe('true');
    await e2e.screenshot(page, 'dialog-new');
    await e2e.expectAccessible(page, 'the post dialog with "Enviar aos assinantes"');
    e2e.expectNoConsoleErrors();
  });

  it('published with it on, the post goes to the Portuguese subscribers once: "Envios" shows it to all of them, sent, none waiting', async () => {
    await dialog().getByLabel('Idioma').selectOption('pt');
    await dialog().getByRole('textbox', { name: 'Título' }).fill(postTitle);
    await dialog().getByLabel('Conteúdo').fill('Um texto para quem assina.');
    await dialog().getByRole('switch', { name: 'Publicado' }).click();
    await dialog().getByText('Ao salvar, vai por email aos assinantes em português, uma vez só.').waitFor();
    const recipients = await countInDatabase('pt');
    await dialog().getByRole('button', { name: 'Criar Post' }).click();
    await toast(page, 'Post criado!').waitFor();
    await dialog().waitFor({ state: 'detached' });

    // The mail worker queues it on its next round (newsletter_sends gets its row); then she opens the tab, which reads again.
    const [post] = (await (await rest('GET', `blog_posts?select=id&title=eq.${encodeURIComponent(postTitle)}`)).json()) as { id: string }[];
    await expect
      .poll(async () => ((await (await rest('GET', `newsletter_sends?select=recipients&post_id=eq.${post!.id}`)).json()) as unknown[]).length, { timeout: 30_000 })
      .toBe(1);
    await page.getByRole('tab', { name: 'Assinantes' }).click();
    const row = tab().getByRole('table', { name: 'Envios' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${postTitle}`) }) });
    await row.waitFor();
    // Post, language, when, recipients, sent, failed, waiting, cancelled: the report refreshes itself until none waits.
    await expect
      .poll(async () => (await row.getByRole('cell').allTextContents()).slice(2), { timeout: 60_000 })
      .toEqual([String(recipients), String(recipients), '0', '0', '0']);
    expect(await row.getByRole('cell').nth(0).textContent()).toBe('Português');
    await e2e.screenshot(page, 'sends');
    e2e.expectNoConsoleErrors();
  });

  it('the sent post\'s dialog says when instead of a switch; "Enviar teste para mim" (Enter) answers with her address', async () => {
    await page.getByRole('tab', { name: 'Posts' }).click();
    await page.getByRole('button', { name: `Editar post ${postTitle}` }).click();
    await dialog().getByRole('heading', { name: 'Editar Post' }).waitFor();
    await dialog().getByText(/^Enviado aos assinantes em \d{1,2} de \S+ de \d{4}, \d{2}:\d{2}\. Um post vai por email uma vez só\.$/).waitFor();
    expect(await newsletterSwitch().count()).toBe(0);
    await dialog().getByRole('button', { name: 'Enviar teste para mim' }).focus();
    await page.keyboard.press('Enter');
    await toast(page, `Teste enviado para ${admin.email}`).waitFor();
    await e2e.screenshot(page, 'dialog-sent');
    await e2e.expectAccessible(page, 'the post dialog of a post sent');
    e2e.expectNoConsoleErrors();
  });
});
