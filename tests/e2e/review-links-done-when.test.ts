/**
 * Issue 26's review links end to end, her side and her client's together, in
 * Chromium against `npm start`: she makes a link for a draft in the post
 * dialog; a signed-out browser opens the address she copied and sees the
 * draft under "Prévia — não publicado", out of search results; she saves a
 * change in the dialog and the page the client has open shows it; she
 * revokes the link and the page answers 404; a second link, once its expiry
 * has passed, answers 404 too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../server/keys.ts';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { mainHeading, signInAsAdmin, toast } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `revisao-${runId}@example.com`, password: `senha-${runId}-Revisao` };
const title = `Nota à imprensa da cliente ${runId}`;

let e2e: E2E;
let her: Page;
let client: Page;
let serviceKey: string;
let postId: string;

async function rest<T>(method: string, pathAndQuery: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/rest/v1/${pathAndQuery}`, {
    method,
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  serviceKey = (await createApiKeys(readFileSync(path.join(app.dataDir, 'jwt-secret'), 'utf8').trim())).serviceRoleKey;
  const [post] = await rest<{ id: string }[]>('POST', 'blog_posts', {
    title,
    language: 'pt',
    published: false,
    excerpt: 'Para aprovação.',
    content: 'A empresa informa que o recall começa na segunda-feira.',
    category: 'Relações com Mídia',
  });
  postId = post!.id;
  e2e = await E2E.open(baseUrl, 'review-links-done-when');
  her = await e2e.newPage();
  // The client: a browser profile of its own, never signed in.
  client = await e2e.newPage(await e2e.newContext());
});

afterAll(async () => {
  await e2e?.close();
  if (postId) await rest('DELETE', `blog_posts?id=eq.${postId}`);
});

const dialog = () => her.getByRole('dialog', { name: 'Editar Post' });
const panel = () => dialog().getByRole('tabpanel', { name: 'Link de revisão' });

async function openDialog() {
  await her.getByRole('button', { name: `Editar post ${title}`, exact: true }).click();
  await dialog().waitFor();
}

async function makeLink(): Promise<string> {
  await dialog().getByRole('tab', { name: 'Link de revisão', exact: true }).click();
  await panel().getByRole('button', { name: /Criar link/ }).click();
  const field = panel().getByRole('textbox', { name: 'Endereço do link' });
  await field.waitFor();
  return field.inputValue();
}

describe('a review link from her dialog to a signed-out browser (issue 26, done when)', () => {
  let address: string;

  it('she makes a link for the draft; the client opens it and reads the draft under the banner, noindex', async () => {
    expect((await createAdmin(app, admin.email, admin.password)).status).toBe(0);
    await signInAsAdmin(her, admin.email, admin.password);
    await openDialog();
    address = await makeLink();
    expect(address.startsWith(`${baseUrl}/preview?token=`)).toBe(true);

    const response = await client.goto(address, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await client.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await client.getByText('Prévia — não publicado').waitFor();
    expect(await mainHeading(client).textContent()).toBe(title);
    await client.getByText('o recall começa na segunda-feira').waitFor();
    await e2e.expectAccessible(client, 'review page of a draft');
  });

  it('she saves a change in the dialog; the page the client has open shows it without a reload', async () => {
    await client.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    await dialog().getByRole('tab', { name: 'Post', exact: true }).click();
    await dialog().getByRole('textbox', { name: 'Conteúdo' }).fill('A empresa informa que o recall começa na terça-feira.');
    await dialog().getByRole('button', { name: 'Atualizar Post' }).click();
    await toast(her, 'Post atualizado!').waitFor();
    await client.getByText('o recall começa na terça-feira').waitFor();
    expect(await client.getByText('segunda-feira').count()).toBe(0);
    expect(await client.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  });

  it('she revokes it; the page answers 404', async () => {
    await openDialog();
    await dialog().getByRole('tab', { name: 'Link de revisão', exact: true }).click();
    await panel().getByRole('button', { name: /^Revogar link que vale até / }).click();
    await toast(her, 'Link revogado').waitFor();
    const response = await client.reload({ waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await client.getByRole('heading', { level: 1, name: 'Post não encontrado' }).waitFor();
    expect(await client.getByText(title).count()).toBe(0);
  });

  it('a link whose expiry has passed answers 404', async () => {
    const second = await makeLink();
    expect((await client.goto(second, { waitUntil: 'networkidle' }))?.status()).toBe(200);
    // The expiry moved into the past, as 7 days would.
    const [link] = await rest<{ id: string }[]>('GET', `blog_post_review_links?post_id=eq.${postId}&select=id`);
    await rest('PATCH', `blog_post_review_links?id=eq.${link!.id}`, { expires_at: new Date(Date.now() - 1000).toISOString() });
    const response = await client.reload({ waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await client.getByText(title).count()).toBe(0);
    e2e.expectNoConsoleErrors([/status of 404/]);
  });
});
