/**
 * Issue 45, her side and the reader's, in Chromium against its own `npm
 * start` (allowed to reach a second fediverse server the test plays on
 * 127.0.0.1 with Fedify: OUTBOUND_ALLOW_HOSTS): a person on that server
 * follows her and replies to a post with signed activities; she opens
 * "Fediverso" with the arrow keys, finds the reply in "Respostas do
 * fediverso" and approves it, finds the follower with the search and
 * removes them after confirming, and renames her account, all from the
 * keyboard, axe-core judging the tab, the search and the question; the
 * post page then shows the reply with JavaScript off, and axe judges it;
 * the home shows her new address.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Create, Follow, Note, type Recipient } from '@fedify/vocab';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, type Peer } from '../../server/fediverse/testing/peer.ts';
import { createApiKeys } from '../../server/keys.ts';
import { createAdmin, removeDataDir, startApp, type AppServer } from './support/app-server';
import { E2E, runId } from './support/browser';
import { focusedName, isFocused } from './support/focus.ts';
import { signInAsAdmin, toast, waitForApp } from './support/ui';

const admin = { email: `fediverso-${runId}@example.com`, password: `senha-${runId}-Fediverso` };
const postTitle = `Respondido no fediverso ${runId}`;

let peer: Peer;
let app: AppServer;
let e2e: E2E;
let page: Page;
let serviceKey: string;
let post: { id: string; slug: string };

async function rest(method: string, pathAndQuery: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${app.url}/rest/v1/${pathAndQuery}`, {
    method,
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return res;
}

const her = (): Recipient => ({ id: new URL(`${app.url}/ap/users/pt`), inboxId: new URL(`${app.url}/ap/users/pt/inbox`) });
const host = () => new URL(app.url).host;

beforeAll(async () => {
  peer = await startPeer();
  const allowed = process.env.OUTBOUND_ALLOW_HOSTS;
  // Read by `npm start` as it starts (startApp passes the environment on).
  process.env.OUTBOUND_ALLOW_HOSTS = peer.host;
  try {
    app = await startApp({ ownSiteUrl: true });
  } finally {
    if (allowed === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
    else process.env.OUTBOUND_ALLOW_HOSTS = allowed;
  }
  const made = await createAdmin(app, admin.email, admin.password);
  if (made.status !== 0) throw new Error(made.output);
  serviceKey = (await createApiKeys(readFileSync(path.join(app.dataDir, 'jwt-secret'), 'utf8').trim())).serviceRoleKey;
  const [saved] = (await (await rest('POST', 'blog_posts?select=id,slug', { title: postTitle, content: 'Texto.', language: 'pt', published: true })).json()) as { id: string; slug: string }[];
  post = saved!;
  e2e = await E2E.open(app.url, 'fediverse');
  page = await e2e.newPage();
}, 240_000);

afterAll(async () => {
  await e2e?.close();
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  await peer?.close();
});

const tab = () => page.getByRole('tabpanel', { name: 'Fediverso' });

/** Presses Tab until `name` has the focus (at most `max` times), as a keyboard user would walk to it. */
async function tabTo(name: RegExp, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`${name} was not reached with Tab; the focus is on ${await focusedName(page)}`);
}

describe('her fediverse in the admin (issue 45)', () => {
  it('a signed follow and reply from another server are in "Fediverso", opened with the arrow keys; axe finds nothing serious', async () => {
    const bob = peer.actorUri('bob');
    await peer.send('bob', her(), new Follow({ id: new URL(`${peer.origin}/follows/${runId}`), actor: bob, object: her().id }));
    const note = new Note({
      id: new URL(`${peer.origin}/notes/${runId}`), attribution: bob, url: new URL(`${peer.origin}/@bob/${runId}`),
      content: '<p>Ótimo texto, <a href="https://example.org/fonte">a fonte</a>.</p>', replyTarget: new URL(`${app.url}/ap/posts/${post.id}`),
    });
    await peer.send('bob', her(), new Create({ id: new URL(`${peer.origin}/create/${runId}`), actor: bob, object: note }));

    await signInAsAdmin(page, admin.email, admin.password);
    await page.getByRole('tab', { name: 'Posts' }).focus();
    // From the first tab, left wraps to the last ('Segurança'); 'Fediverso' is before it.
    for (const next of ['Segurança', 'Fediverso']) {
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => isFocused(page.getByRole('tab', { name: next }))).toBe(true);
    }
    expect(await page.getByRole('tab', { name: 'Fediverso' }).getAttribute('aria-selected')).toBe('true');
    const reply = tab().getByRole('article', { name: 'Bob' });
    await reply.waitFor();
    expect(await reply.textContent()).toContain(`Em “${postTitle}”`);
    expect(await reply.textContent()).toContain('Ótimo texto, a fonte.');
    await tab().getByRole('table', { name: /^Seguidores da conta em Português/ }).getByRole('rowheader', { name: new RegExp(`@bob@${peer.host.replace(/[.]/g, '\\.')}`) }).waitFor();
    await e2e.screenshot(page, 'tab');
    await e2e.expectAccessible(page, '"Fediverso" with a pending reply and a follower');
    await e2e.expectWcag22AA(page, '"Fediverso" with a pending reply and a follower');
    e2e.expectNoConsoleErrors();
  });

  it('she approves the reply from the keyboard; the focus goes back to the panel', async () => {
    await tabTo(/Aprovar a resposta de Bob/);
    await page.keyboard.press('Enter');
    await toast(page, 'Resposta aprovada').waitFor();
    await tab().getByText('Nenhuma resposta esperando moderação.').waitFor();
    await expect.poll(() => isFocused(tab().getByRole('heading', { name: 'Respostas do fediverso' }))).toBe(true);
    const rows = (await (await rest('GET', `fediverse_replies?select=state&post_id=eq.${post.id}`)).json()) as { state: string }[];
    expect(rows).toEqual([{ state: 'approved' }]);
  });

  it('she finds the follower by searching and removes them from the keyboard after confirming; axe judges the search and the question', async () => {
    await tabTo(/Procurar seguidores da conta em Português/);
    await page.keyboard.type('BOB');
    await tab().getByRole('status').filter({ hasText: '1 seguidor encontrado.' }).waitFor();
    await e2e.expectAccessible(page, 'a search of her followers');
    await e2e.expectWcag22AA(page, 'a search of her followers');
    await tabTo(/^button: Remover @bob@/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Remover seguidor?' });
    await dialog.waitFor();
    // An alert dialog starts on "Cancelar": Tab, then Enter confirms.
    await expect.poll(() => focusedName(page)).toMatch(/Cancelar$/);
    await e2e.expectAccessible(page, 'the removal’s question');
    await e2e.expectWcag22AA(page, 'the removal’s question');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toMatch(/Remover$/);
    await page.keyboard.press('Enter');
    await toast(page, 'Seguidor removido').waitFor();
    await tab().getByText('Nenhum seguidor desta conta corresponde a “BOB”.').waitFor();
    await expect.poll(async () => (await (await rest('GET', 'fediverse_followers?select=id')).json()) as unknown[]).toEqual([]);
    await expect.poll(() => isFocused(tab().getByRole('heading', { name: 'Seguidores', exact: true }))).toBe(true);
    e2e.expectNoConsoleErrors();
  });

  it('she renames her Portuguese account from the keyboard after the warning; WebFinger follows the new name only', async () => {
    await tab().getByRole('heading', { name: 'Contas no fediverso' }).focus();
    await tabTo(/^input\[null\]: Nome da conta$|^input\[text\]: Nome da conta$/);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Helena Duarte');
    await page.keyboard.press('Enter');
    // Refused at the field, before anything is sent.
    const form = tab().getByRole('form', { name: 'Conta em Português' });
    await form.getByText('Use só letras minúsculas sem acento, números e _ (de 1 a 30 caracteres).').waitFor();
    expect(await isFocused(form.getByRole('textbox', { name: 'Nome da conta' }))).toBe(true);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('helena');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Mudar o nome da conta?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`O endereço @pt@${host()} deixará de funcionar`);
    await e2e.expectAccessible(page, 'the rename’s warning');
    await e2e.expectWcag22AA(page, 'the rename’s warning');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await toast(page, 'Conta atualizada').waitFor();
    const finger = (name: string) => fetch(`${app.url}/.well-known/webfinger?resource=acct:${name}@${host()}`).then((r) => r.status);
    expect(await finger('helena')).toBe(200);
    expect(await finger('pt')).toBe(404);
    e2e.expectNoConsoleErrors();
  });
});

describe('the reader’s side (issue 45)', () => {
  it('the approved reply is on the post page with JavaScript off; the page names her account', async () => {
    const context = await e2e.newContext({ javaScriptEnabled: false });
    const reader = await e2e.newPage(context);
    await reader.goto(`/pt/${post.slug}`);
    const replies = reader.getByRole('region', { name: 'Respostas do fediverso' });
    await replies.waitFor();
    const item = replies.getByRole('article');
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toContain('Ótimo texto, a fonte.');
    expect(await item.textContent()).toContain(`@bob@${peer.host}`);
    expect(await item.getByRole('link', { name: 'Ver a resposta original' }).getAttribute('href')).toBe(`${peer.origin}/@bob/${runId}`);
    expect(await reader.locator('meta[name="fediverse:creator"]').getAttribute('content')).toBe(`@helena@${host()}`);
    await reader.goto('/pt');
    expect(await reader.locator('#fediverse-follow').textContent()).toBe(`Siga no fediverso: @helena@${host()}`);
    await context.close();
  });

  it('axe finds nothing serious on the post page with its reply, nor on the home with the address; "Copiar" says "Copiado"', async () => {
    const reader = await e2e.newPage();
    await reader.goto(`/pt/${post.slug}`);
    await waitForApp(reader.getByRole('heading', { level: 1 }));
    await reader.getByRole('region', { name: 'Respostas do fediverso' }).waitFor();
    await e2e.expectAccessible(reader, 'a post with a reply from the fediverse');
    await e2e.expectWcag22AA(reader, 'a post with a reply from the fediverse');
    await reader.goto('/pt');
    const copy = reader.getByRole('button', { name: `Copiar @helena@${host()}` });
    await waitForApp(copy);
    await copy.focus();
    await reader.keyboard.press('Enter');
    await expect.poll(() => reader.getByRole('status').filter({ hasText: 'Copiado' }).count()).toBe(1);
    expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(`@helena@${host()}`);
    await e2e.expectAccessible(reader, 'the home with her fediverse address');
    await e2e.expectWcag22AA(reader, 'the home with her fediverse address');
    e2e.expectNoConsoleErrors();
    await reader.context().close();
  });
});
