/**
 * Issue 26, her side, in Chromium against `npm start`: she deletes most of a
 * post by accident and saves; "Histórico" shows the earlier version with the
 * words it lost, beside the current text with the difference marked; she
 * restores it and the post (the form, the database and the public page)
 * reads as before, and the history holds both versions. "Link de revisão"
 * makes a link whose address is well formed and whose token
 * review_post accepts signed out; revoking it takes it off the list and out
 * of the database. "Adicionar correção" stores a correction. Each step is
 * done from the keyboard alone, and axe-core (WCAG 2.2 A and AA rules) finds
 * nothing in each new state.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../server/keys.ts';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { focusedName, isFocused } from './support/focus.ts';
import { signInAsAdmin, toast } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `historico-${runId}@example.com`, password: `senha-${runId}-Historico` };
const title = `Como responder a um jornalista ${runId}`;
const slug = `como-responder-${runId}`;
const paragraphs = [
  'Responda no mesmo dia, mesmo que seja para dizer quando terá a resposta completa.',
  'Nunca diga “sem comentários”: explique o que não pode dizer e por quê.',
  'Ofereça dados verificáveis e uma pessoa disponível para falar em seguida.',
  'Depois da matéria publicada, agradeça e corrija apenas erros de fato.',
];
const original = paragraphs.join('\n\n');
const correction = `O prazo citado no segundo parágrafo era de 24 horas, não 48 (${runId}).`;

let e2e: E2E;
let page: Page;
let serviceKey: string;
let anonKey: string;
let postId: string;

async function rest<T>(method: string, pathAndQuery: string, body?: unknown, key = serviceKey): Promise<T> {
  const res = await fetch(`${baseUrl}/rest/v1/${pathAndQuery}`, {
    method,
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const storedPost = async () => (await rest<{ content: string; title: string; updated_at: string }[]>('GET', `blog_posts?id=eq.${postId}&select=content,title,updated_at`))[0]!;
const storedRevisions = () => rest<{ content: string }[]>('GET', `blog_post_revisions?post_id=eq.${postId}&select=content&order=id.desc`);
const storedLinks = () => rest<{ id: string; expires_at: string }[]>('GET', `blog_post_review_links?post_id=eq.${postId}&select=id,expires_at`);
/** What a signed-out reader with the token gets (anon key, as the review page will ask). */
const reviewPost = (token: string) => rest<{ id: string; title: string }[]>('POST', 'rpc/review_post', { token }, anonKey);
/** The public page's text, as a visitor's first request gets it from the server. */
const publicPage = async () => (await fetch(`${baseUrl}/pt/${slug}`)).text();

beforeAll(async () => {
  const secret = readFileSync(path.join(app.dataDir, 'jwt-secret'), 'utf8').trim();
  ({ serviceRoleKey: serviceKey, anonKey } = await createApiKeys(secret));
  const [post] = await rest<{ id: string }[]>('POST', 'blog_posts', {
    title,
    slug,
    excerpt: 'Quatro regras para a primeira ligação.',
    content: original,
    category: 'Relações com Mídia',
    language: 'pt',
    published: true,
    date: new Date(Date.now() - 86_400_000).toISOString(),
    read_time: '2 min',
  });
  postId = post!.id;
  e2e = await E2E.open(baseUrl, 'post-history-admin');
  page = await e2e.newPage();
});

afterAll(async () => {
  await e2e?.close();
  // Its versions, links and corrections go with it.
  if (postId) await rest('DELETE', `blog_posts?id=eq.${postId}`);
});

const dialog = () => page.getByRole('dialog', { name: 'Editar Post' });
const section = (name: string) => dialog().getByRole('tabpanel', { name });
const tab = (name: string) => dialog().getByRole('tab', { name, exact: true });

/** axe-core's WCAG 2.0–2.2 A and AA rules on the settled page: no violation of any impact. */
async function expectNoViolations(label: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(
    violations.map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `accessibility violations on ${label}`,
  ).toEqual([]);
}

/** Presses a key and waits until the focus lands on `target` (Radix moves it in a task after the key). */
async function press(key: string, target: Locator) {
  await page.keyboard.press(key);
  await expect.poll(() => isFocused(target), { message: `after ${key}, focus is on ${await focusedName(page)}` }).toBe(true);
}

/** Tabs forward until `target` has the focus (at most `max` presses), as she would. */
async function tabTo(target: Locator, max = 12) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  expect(await isFocused(target), `Tab never reached the control; focus is on ${await focusedName(page)}`).toBe(true);
}

/** Opens the post's dialog from its card with the keyboard; the form's section is open. */
async function openDialogByKeyboard() {
  const edit = page.getByRole('button', { name: `Editar post ${title}`, exact: true });
  await edit.focus();
  await page.keyboard.press('Enter');
  await dialog().waitFor();
  await expect.poll(() => tab('Post').getAttribute('aria-selected')).toBe('true');
}

/** Goes to a section from the dialog's tabs with the arrow keys. */
async function openSection(name: string) {
  await tab('Post').focus();
  const order = ['Post', 'Histórico', 'Link de revisão', 'Correções'];
  for (const next of order.slice(1, order.indexOf(name) + 1)) await press('ArrowRight', tab(next));
  expect(await tab(name).getAttribute('aria-selected')).toBe('true');
  await section(name).waitFor();
}

/** The dialog's ×, "Fechar" (Escape would first close the newest toast, which Radix counts as the top layer). */
async function closeDialog() {
  await dialog().getByRole('button', { name: 'Fechar' }).click();
  await dialog().waitFor({ state: 'detached' });
}

describe('keeping every version of a post (issue 26)', () => {
  it('she signs in; the post is on the public page whole', async () => {
    const made = await createAdmin(app, admin.email, admin.password);
    expect(made.status, made.output).toBe(0);
    await signInAsAdmin(page, admin.email, admin.password);
    await page.getByRole('button', { name: `Editar post ${title}`, exact: true }).waitFor();
    expect(await publicPage()).toContain(paragraphs[3]);
  });

  it('she deletes most of the post by accident and saves', async () => {
    await openDialogByKeyboard();
    const content = dialog().getByRole('textbox', { name: 'Conteúdo' });
    await content.fill(paragraphs[0]!);
    await dialog().getByRole('button', { name: 'Atualizar Post' }).click();
    await toast(page, 'Post atualizado!').waitFor();
    await dialog().waitFor({ state: 'detached' });
    expect((await storedPost()).content).toBe(paragraphs[0]);
    await expect.poll(publicPage).not.toContain(paragraphs[3]);
    e2e.expectNoConsoleErrors();
  });

  it('"Histórico" lists the earlier version with the words it lost; chosen, it shows beside the current text with the difference marked', async () => {
    await openDialogByKeyboard();
    await openSection('Histórico');
    const panel = section('Histórico');
    const versions = panel.getByRole('list', { name: 'Versões anteriores' }).getByRole('button');
    await versions.first().waitFor();
    expect(await versions.count()).toBe(1);
    const removedWords = paragraphs.slice(1).join(' ').match(/[\p{L}\p{N}]+/gu)!.length;
    expect(await versions.first().textContent()).toContain(`−${removedWords} palavras`);
    expect(await versions.first().innerText()).toMatch(/^Versão de \d{1,2} de \p{L}+ de \d{4}, \d{2}:\d{2}/u);
    await e2e.screenshot(page, 'history-list');
    await expectNoViolations('"Histórico", the list');

    // Keyboard: from the tab into the panel, onto the version, Enter.
    await tabTo(versions.first());
    await page.keyboard.press('Enter');
    const heading = panel.getByRole('heading', { name: /^Versão de .* comparada com a atual$/ });
    await expect.poll(() => isFocused(heading)).toBe(true);
    // What this version has and the current one lacks is struck through, and said so to screen readers.
    const removed = panel.locator('del');
    expect(await removed.count()).toBeGreaterThan(0);
    const removedText = (await removed.allTextContents()).join(' ');
    for (const p of paragraphs.slice(1)) expect(removedText).toContain(p);
    expect(removedText).toContain('início do trecho só nesta versão');
    expect(await panel.locator('ins').count()).toBe(0);
    expect(await panel.getByText('Nenhum outro campo mudou.').count()).toBe(1);
    await e2e.screenshot(page, 'history-comparison');
    await expectNoViolations('"Histórico", a version beside the current text');

    // "Voltar" (just before the heading) returns to the list, the focus on the version she had chosen.
    await press('Shift+Tab', panel.getByRole('button', { name: 'Voltar à lista de versões' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(versions.first())).toBe(true);
    e2e.expectNoConsoleErrors();
  });

  it('"Restaurar esta versão" with unsaved changes asks first; restored, the form, the database and the public page read as before, and the history holds both', async () => {
    await tab('Post').focus();
    await page.keyboard.press('Enter');
    const titleField = dialog().getByRole('textbox', { name: 'Título' });
    await titleField.fill(`${title} (não salvo)`);
    await openSection('Histórico');
    const panel = section('Histórico');
    await tabTo(panel.getByRole('list', { name: 'Versões anteriores' }).getByRole('button').first());
    await page.keyboard.press('Enter');
    const restore = panel.getByRole('button', { name: 'Restaurar esta versão' });
    await tabTo(restore, 40);
    await page.keyboard.press('Enter');
    const ask = page.getByRole('alertdialog', { name: 'Substituir as alterações não salvas?' });
    await ask.waitFor();
    await expectNoViolations('the question before replacing unsaved changes');
    // Focus starts on "Continuar editando"; Tab, Enter: discard and restore.
    await press('Tab', ask.getByRole('button', { name: 'Descartar e restaurar' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Versão restaurada').waitFor();

    // The form's section opens with the restored post, its tab focused; the unsaved title is gone.
    await expect.poll(() => isFocused(tab('Post'))).toBe(true);
    expect(await dialog().getByRole('textbox', { name: 'Conteúdo' }).inputValue()).toBe(original);
    expect(await titleField.inputValue()).toBe(title);
    const stored = await storedPost();
    expect(stored.content).toBe(original);
    expect(stored.title).toBe(title);
    await expect.poll(publicPage).toContain(paragraphs[3]);
    expect((await storedRevisions()).map((r) => r.content)).toEqual([paragraphs[0], original]);

    await openSection('Histórico');
    const versions = section('Histórico').getByRole('list', { name: 'Versões anteriores' }).getByRole('button');
    await expect.poll(() => versions.count()).toBe(2);
    const removedWords = paragraphs.slice(1).join(' ').match(/[\p{L}\p{N}]+/gu)!.length;
    // The newest (the accident) gained back what the restore brought; the older one lost it then.
    expect(await versions.nth(0).textContent()).toContain(`+${removedWords} palavras`);
    expect(await versions.nth(1).textContent()).toContain(`−${removedWords} palavras`);
    await e2e.screenshot(page, 'history-after-restore');

    // The restored form saves as usual: the guard stands on the restored version.
    await tab('Post').focus();
    await page.keyboard.press('Enter');
    await dialog().getByRole('textbox', { name: 'Resumo' }).fill('Quatro regras para a primeira ligação com a imprensa.');
    await dialog().getByRole('button', { name: 'Atualizar Post' }).click();
    await toast(page, 'Post atualizado!').waitFor();
    await dialog().waitFor({ state: 'detached' });
    expect((await storedRevisions()).length).toBe(3);
    e2e.expectNoConsoleErrors();
  });
});

describe('review links (issue 26)', () => {
  let address = '';

  it('she makes a link for 3 days from the keyboard: its address is shown once, well formed, and works signed out', async () => {
    await openDialogByKeyboard();
    await openSection('Link de revisão');
    const panel = section('Link de revisão');
    await panel.getByText('Nenhum link ativo para este post.').waitFor();
    await expectNoViolations('"Link de revisão", no link yet');
    const days = panel.getByRole('spinbutton', { name: 'Validade (dias)' });
    expect(await days.inputValue()).toBe('7');
    await tabTo(days);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    const before = Date.now();
    await page.keyboard.press('Enter');

    const field = panel.getByRole('textbox', { name: 'Endereço do link' });
    await expect.poll(() => isFocused(field)).toBe(true);
    address = await field.inputValue();
    expect(address).toMatch(new RegExp(`^${baseUrl.replace(/[.:/]/g, '\\$&')}/preview\\?token=[0-9a-f]{64}$`));
    await panel.getByText(/só é mostrado desta vez/).waitFor();

    const token = new URL(address).searchParams.get('token')!;
    const [reviewed] = await reviewPost(token);
    expect(reviewed).toMatchObject({ id: postId, title });
    const [link] = await storedLinks();
    const lives = Date.parse(link!.expires_at) - before;
    expect(lives).toBeGreaterThan(3 * 86_400_000 - 120_000);
    expect(lives).toBeLessThanOrEqual(3 * 86_400_000 + 120_000);
    const expiry = panel.getByRole('list', { name: 'Links ativos' }).getByRole('listitem');
    await expect.poll(() => expiry.count()).toBe(1);
    expect(await expiry.first().textContent()).toMatch(/^Vale até \d{1,2} de \p{L}+ de \d{4}, \d{2}:\d{2}/u);

    // "Copiar link" by keyboard puts the address on the clipboard.
    await press('Tab', panel.getByRole('button', { name: 'Copiar link' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Link copiado').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await e2e.screenshot(page, 'review-link-made');
    await expectNoViolations('"Link de revisão", a link just made');
    e2e.expectNoConsoleErrors();
  });

  it('the address is shown only once: the dialog opened again lists the link without it', async () => {
    await closeDialog();
    await openDialogByKeyboard();
    await openSection('Link de revisão');
    const panel = section('Link de revisão');
    await panel.getByRole('list', { name: 'Links ativos' }).getByRole('listitem').first().waitFor();
    expect(await panel.getByRole('textbox', { name: 'Endereço do link' }).count()).toBe(0);
    expect(await panel.textContent()).not.toContain(new URL(address).searchParams.get('token'));
  });

  it('"Revogar link" from the keyboard takes it off the list and out of the database; the token reads nothing', async () => {
    const panel = section('Link de revisão');
    const revoke = panel.getByRole('button', { name: /^Revogar link que vale até / });
    await tabTo(revoke);
    await page.keyboard.press('Enter');
    await toast(page, 'Link revogado').waitFor();
    await panel.getByText('Nenhum link ativo para este post.').waitFor();
    await expect.poll(() => isFocused(panel.getByRole('heading', { name: 'Links ativos' }))).toBe(true);
    expect(await storedLinks()).toEqual([]);
    expect(await reviewPost(new URL(address).searchParams.get('token')!)).toEqual([]);
    e2e.expectNoConsoleErrors();
  });
});

describe('corrections (issue 26)', () => {
  it('"Adicionar correção" from the keyboard stores the note; the section says where it appears and that no mail goes', async () => {
    await openSection('Correções');
    const panel = section('Correções');
    await panel.getByText('Este post não tem correções.').waitFor();
    expect(await panel.textContent()).toContain('aparece no fim do post');
    expect(await panel.textContent()).toContain('não é enviado de novo aos assinantes');
    await expectNoViolations('"Correções", none yet');
    const note = panel.getByRole('textbox', { name: 'Texto da correção' });
    await tabTo(note);
    // Empty, it is refused on the field.
    await press('Tab', panel.getByRole('button', { name: 'Adicionar correção' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(note)).toBe(true);
    expect(await note.getAttribute('aria-invalid')).toBe('true');
    await expectNoViolations('"Correções", the empty note refused');
    await page.keyboard.type(correction);
    expect(await panel.getByText(`${correction.length} de 500 caracteres`).count()).toBe(1);
    await press('Tab', panel.getByRole('button', { name: 'Adicionar correção' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Correção publicada').waitFor();
    const listed = panel.getByRole('list', { name: 'Correções publicadas' }).getByRole('listitem');
    await expect.poll(() => listed.count()).toBe(1);
    expect(await listed.first().textContent()).toContain(correction);
    const stored = await rest<{ note: string }[]>('GET', `blog_post_corrections?post_id=eq.${postId}&select=note`);
    expect(stored).toEqual([{ note: correction }]);
    await e2e.screenshot(page, 'correction-added');
    await expectNoViolations('"Correções", one added');
    e2e.expectNoConsoleErrors();
  });

  it('withdrawing one asks first (from the keyboard), then removes it', async () => {
    const panel = section('Correções');
    await tabTo(panel.getByRole('button', { name: /^Retirar a correção de / }));
    await page.keyboard.press('Enter');
    const ask = page.getByRole('alertdialog', { name: 'Retirar esta correção?' });
    await ask.waitFor();
    await expectNoViolations('the question before withdrawing a correction');
    await press('Tab', ask.getByRole('button', { name: 'Retirar correção' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Correção retirada').waitFor();
    await panel.getByText('Este post não tem correções.').waitFor();
    expect(await rest('GET', `blog_post_corrections?post_id=eq.${postId}&select=id`)).toEqual([]);
    e2e.expectNoConsoleErrors();
  });
});

describe('deleting a post (issue 26)', () => {
  it('the question says its earlier versions (counted), corrections and review links go with it', async () => {
    await closeDialog();
    await page.getByRole('button', { name: `Deletar post ${title}`, exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Tem certeza que deseja deletar este post?' });
    await ask.getByText(/^As 3 versões anteriores do histórico, as correções e os links de revisão deste post também serão apagados\./).waitFor();
    await expectNoViolations('the delete question');
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await ask.waitFor({ state: 'detached' });
    e2e.expectNoConsoleErrors();
  });
});
