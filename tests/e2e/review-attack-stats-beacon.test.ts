/**
 * Review of issue 27 (attack), the readers' side, in Chromium against
 * `npm start`:
 *
 * - Her newsletter's mails link to a post's address of the day it was sent,
 *   with ?ref=newsletter. When the post's slug changes later, that link
 *   answers a 301 to the new address, which dropped the query: the view was
 *   counted as 'direto' (or the webmail's host), never as the newsletter's.
 * - A reader who once signed up on /auth ("Cadastro" is open) keeps her
 *   session in localStorage; an hour later its access token has expired.
 *   The beacon sent it as it was: record_view answered 401 on every public
 *   page she opened (a console error each time) and her views were lost.
 *
 * The sender is awaited as the page runs it (the page's fetch is watched
 * from an init script), never by sleeping.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionStorageKey } from '../../src/features/stats-public/lib/stored-session';
import type { Database } from '../../src/types/database.types';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { mainHeading, readerIsThere } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `beacon-${runId}@example.com`, password: `senha-${runId}-Beacon` };
const title = `Um post que mudou de endereço ${runId}`;
const reader = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let e2e: E2E;
let anonKey: string;
let client: ReturnType<typeof createClient<Database>>;
let post: { id: string; slug: string };
const oldSlug = `um-post-que-mudou-${runId}`;
const consoleErrors: string[] = [];

beforeAll(async () => {
  const created = await createAdmin(app, admin.email, admin.password);
  if (created.status !== 0) throw new Error(created.output);
  const html = await (await fetch(`${baseUrl}/pt`)).text();
  anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html)![1]!;
  client = createClient<Database>(baseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error: signInError } = await client.auth.signInWithPassword(admin);
  if (signInError) throw signInError;
  const { data, error } = await client
    .from('blog_posts')
    .insert({ title, slug: oldSlug, language: 'pt', published: true, excerpt: 'Resumo.', content: 'Texto.', category: 'Outros' })
    .select('id, slug')
    .single();
  if (error) throw error;
  // Sent in a newsletter at this address; renamed afterwards.
  const renamed = await client.from('blog_posts').update({ slug: `novo-endereco-${runId}` }).eq('id', data.id).select('id, slug').single();
  if (renamed.error) throw renamed.error;
  post = renamed.data;
  e2e = await E2E.open(baseUrl, 'review-attack-stats-beacon');
});

afterAll(async () => {
  if (post) await client.from('blog_posts').delete().eq('id', post.id);
  await e2e?.close();
});

/** A reader's browser whose fetches to record_view are kept (their answers' statuses) as the page makes them. */
async function readerPage(storage: Record<string, string> = {}): Promise<Page> {
  const context = await e2e.browser.newContext({ baseURL: baseUrl, userAgent: reader, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    const beacons: Promise<number>[] = ((window as unknown as { beacons: Promise<number>[] }).beacons = []);
    const original = window.fetch;
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      const answer = original.call(this, input, init);
      if (String(input instanceof Request ? input.url : input).endsWith('/rest/v1/rpc/record_view')) {
        beacons.push(answer.then((response) => response.status, () => 0));
      }
      return answer;
    };
  }, storage);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(`${page.url()}: ${message.text()}`)));
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: uncaught ${error.message}`));
  return page;
}

/** Waits until the page has fetched and run the sender (its import settles with ours: the same module), then gives each beacon's status. */
async function beaconsOf(page: Page, senderLoaded: Promise<string>): Promise<number[]> {
  const senderUrl = await senderLoaded;
  // (A string: vitest would rewrite an import() written in this file.)
  await page.evaluate(`import(${JSON.stringify(senderUrl)}).then(() => new Promise((resolve) => setTimeout(resolve, 0)))`);
  return page.evaluate(() => Promise.all((window as unknown as { beacons: Promise<number>[] }).beacons));
}

const senderOf = (page: Page) => page.waitForResponse((response) => /\/assets\/send-view-[^/]*\.js$/.test(response.url())).then((r) => r.url());

describe('the beacon against what readers really bring (review, issue 27)', () => {
  it('a newsletter link to a post whose address changed since counts as the newsletter’s', async () => {
    const page = await readerPage();
    const beacon = page.waitForRequest((request) => request.url().endsWith('/rest/v1/rpc/record_view'));
    await page.goto(`/pt/${oldSlug}?ref=newsletter`);
    await expect(mainHeading(page).textContent()).resolves.toBe(title);
    await readerIsThere(page);
    expect((await beacon).postDataJSON()).toEqual({ page: post.id, referrer: 'newsletter' });
    await page.context().close();
  });

  it('a signed-up reader whose session expired: no refused beacon, no console error', async () => {
    const signup = await fetch(`${baseUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `leitora-${runId}@example.com`, password: `Leitora-${runId}-senha` }),
    });
    const session = (await signup.json()) as { access_token?: string; refresh_token?: string; user?: unknown };
    if (!session.access_token) throw new Error(`sign-up gave no session: ${JSON.stringify(session)}`);
    // The same token an hour and more later, as supabase-js left it in her storage.
    const secret = new TextEncoder().encode(readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim());
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
    const stored = { ...session, access_token: expired, expires_at: now - 3600, expires_in: 3600, token_type: 'bearer' };

    const page = await readerPage({ [sessionStorageKey(baseUrl)]: JSON.stringify(stored) });
    const sender = senderOf(page);
    await page.goto('/pt');
    await readerIsThere(page);
    const statuses = await beaconsOf(page, sender);
    expect(statuses.filter((status) => status >= 400), `record_view answered ${JSON.stringify(statuses)}`).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
