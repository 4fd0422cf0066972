/**
 * The newsletter's forms without JavaScript (issue 25), on the site's real
 * migrations, PGlite and, with TEST_DATABASE_URL, PostgreSQL: a subscription
 * posted as a plain form is answered 303 to its page in the page's language
 * (the same answer whatever the address's state), refusals are named, the
 * per-client limit counts each reader by their own address (the socket's,
 * passed as @hono/node-server passes it), opening the confirmation or
 * unsubscribe page changes nothing, their buttons do, and RFC 8058's
 * one-click POST unsubscribes at once with a 200. The pages themselves are a
 * stand-in renderer's here; the real ones, in Chromium:
 * tests/e2e/newsletter-public.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onServer } from '../db/on-server.ts';
import { startServer, type RunningServer } from '../index.ts';
import type { SiteRenderer } from '../../src/app/ssr/site-renderer.ts';
import type { SiteHost } from './site-host.ts';
import { MAX_FORM_BYTES } from './newsletter-forms.ts';

const serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const targets = [{ name: 'PGlite' }, ...(serverUrl ? [{ name: 'PostgreSQL' }] : [])] as const;

const TEMPLATE = `<!doctype html><html lang="pt-BR"><head><meta name="supabase-anon-key" content="" /><!--ssr-head--><title>Default</title><!--/ssr-head--></head><body><div id="root"><!--ssr-body--></div></body></html>`;

/** Renders every path as a page naming it, reading nothing: what the host does around it is under test. */
const renderer: SiteRenderer = {
  target: (pathAndQuery) => ({ kind: 'page', key: pathAndQuery, path: pathAndQuery }),
  render: async (pagePath) => ({ status: 200, lang: 'pt-BR', head: '<title>page</title>', body: `<main>${pagePath}</main>`, state: '{}', complete: true }),
  feed: async () => '<rss/>',
  sitemap: async () => '<urlset/>',
  robots: () => 'User-agent: *\n',
  shareCard: async () => null,
  publishedPosts: async () => [],
  clipsFeed: async () => '<rss/>',
  clipCopyPaths: async () => [],
};

const host: SiteHost = {
  staticDir: undefined,
  cacheable: true,
  renderer: async () => ({ createSiteRenderer: () => renderer }),
  template: async () => TEMPLATE,
};

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe.each(targets)('newsletter forms without JavaScript on $name', ({ name }) => {
  let server: RunningServer;
  let dataDir: string;
  let drop = async () => {};

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'newsletter-forms-'));
    let databaseUrl: string | undefined;
    if (name === 'PostgreSQL') {
      const database = `newsletter_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      await onServer(serverUrl!, `create database ${database}`);
      const url = new URL(serverUrl!);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
      drop = () => onServer(serverUrl!, `drop database if exists ${database} with (force)`);
    }
    server = await startServer({ port: 0, inMemory: true, dataDir, databaseUrl, seedFile: false, site: host });
    // Nothing is mailed here: a delivered confirmation's token leaves the queue, where these tests read it.
    await server.mailWorker.stop();
  });

  afterAll(async () => {
    await server?.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request from a reader at `from`, as the node server hands it over (the socket's address in env). */
  const send = (target: string, init: RequestInit, from: string) =>
    server.app.request(target, init, { incoming: { socket: { remoteAddress: from } } });

  const subscribe = (fields: [string, string][], from: string, headers: Record<string, string> = {}) =>
    send('/newsletter/subscribe', { method: 'POST', headers: { ...FORM, ...headers }, body: new URLSearchParams(fields).toString() }, from);

  const form = (email: string, lang = 'pt', languages = [lang]): [string, string][] => [
    ['email', email],
    ...languages.map((l): [string, string] => ['languages', l]),
    ['lang', lang],
    ['topic', ''],
  ];

  async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    return (await server.db.query<T>(query, params)).rows;
  }

  const confirmations = (email: string) =>
    sql<{ language: string; token: string; languages: string[] }>(
      `select language, payload->>'token' as token, payload->'languages' as languages
         from private.mail_queue where kind = 'newsletter_confirm' and recipient = $1 order by id`,
      [email],
    );

  const subscriber = async (email: string) =>
    (await sql<{ status: string; languages: string[]; unsubscribe_token: string }>(
      'select status, languages, unsubscribe_token from public.newsletter_subscribers where email = $1',
      [email],
    ))[0];

  it('answers a subscription with a 303 to its page, in the page language, and queues the confirmation in it', async () => {
    const email = `leitora-${randomUUID().slice(0, 8)}@example.com`;
    const res = await subscribe(form(email, 'en', ['pt', 'en']), '10.1.0.1');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/newsletter/subscribe?lang=en&result=sent');
    // The site's headers on every answer; nothing of it kept by a cache.
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await confirmations(email)).toEqual([expect.objectContaining({ language: 'en', languages: ['pt', 'en'] })]);
    expect(await subscriber(email)).toMatchObject({ status: 'pending', languages: ['pt', 'en'] });
  });

  it("refuses a subscription a browser posts from another site (a hostile page spending its visitors' attempts), and queues nothing", async () => {
    const email = `forjada-${randomUUID().slice(0, 8)}@example.com`;
    const res = await subscribe(form(email), '10.1.0.9', { 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(await confirmations(email)).toEqual([]);
    const ours = await subscribe(form(email), '10.1.0.9', { 'Sec-Fetch-Site': 'same-origin' });
    expect(ours.status).toBe(303);
  });

  it('says the same to an address that is pending or subscribed already', async () => {
    const email = `assinante-${randomUUID().slice(0, 8)}@example.com`;
    const first = await subscribe(form(email), '10.1.0.2');
    await sql(`update public.newsletter_subscribers set status = 'confirmed', confirmed_at = now() where email = $1`, [email]);
    const again = await subscribe(form(email), '10.1.0.2');
    expect([first.headers.get('location'), again.headers.get('location')]).toEqual([
      '/newsletter/subscribe?lang=pt&result=sent',
      '/newsletter/subscribe?lang=pt&result=sent',
    ]);
  });

  it('names what it refuses, in the page language, and queues nothing: the address, the languages, the hidden field', async () => {
    const from = '10.1.0.3';
    const answer = async (fields: [string, string][]) => (await subscribe(fields, from)).headers.get('location');
    expect(await answer(form('not-an-address', 'en'))).toBe('/newsletter/subscribe?lang=en&result=invalid-email');
    expect(await answer(form('nenhum-idioma@example.com', 'pt', []))).toBe('/newsletter/subscribe?lang=pt&result=invalid-languages');
    expect(await answer(form('idioma-estranho@example.com', 'pt', ['pt', 'fr']))).toBe('/newsletter/subscribe?lang=pt&result=invalid-languages');
    const bot: [string, string][] = [...form('robo@example.com').filter(([k]) => k !== 'topic'), ['topic', 'cheap pills']];
    expect(await answer(bot)).toBe('/newsletter/subscribe?lang=pt&result=trap');
    const queued = await sql<{ n: number }>(
      `select count(*)::int as n from private.mail_queue where recipient in ('nenhum-idioma@example.com', 'idioma-estranho@example.com', 'robo@example.com')`,
    );
    expect(queued[0]!.n).toBe(0);
  });

  it('limits each reader by their own address: the 11th post in an hour from one is refused, another is not', async () => {
    const reader = '10.2.0.1';
    const other = '10.2.0.2';
    const outcomes: (string | null)[] = [];
    for (let i = 0; i < 11; i++) outcomes.push((await subscribe(form(`muitas-${i}-${randomUUID().slice(0, 6)}@example.com`), reader)).headers.get('location'));
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill('/newsletter/subscribe?lang=pt&result=sent'));
    expect(outcomes[10]).toBe('/newsletter/subscribe?lang=pt&result=client-limit');
    const fromOther = await subscribe(form(`outra-${randomUUID().slice(0, 6)}@example.com`), other);
    expect(fromOther.headers.get('location')).toBe('/newsletter/subscribe?lang=pt&result=sent');
    // SQL saw each reader's own address, not this process's.
    const clients = await sql<{ client: string; n: number }>(
      `select client, count(*)::int as n from private.newsletter_attempts where client in ($1, $2, 'unknown') group by client order by client`,
      [reader, other],
    );
    expect(clients).toEqual([{ client: reader, n: 10 }, { client: other, n: 1 }]);
  });

  it('limits an address to 3 requests an hour, whoever asks', async () => {
    const email = `tres-${randomUUID().slice(0, 8)}@example.com`;
    const outcomes: (string | null)[] = [];
    for (let i = 0; i < 4; i++) outcomes.push((await subscribe(form(email), `10.3.0.${i + 1}`)).headers.get('location'));
    expect(outcomes.at(-1)).toBe('/newsletter/subscribe?lang=pt&result=address-limit');
    expect(outcomes.slice(0, 3)).toEqual(Array(3).fill('/newsletter/subscribe?lang=pt&result=sent'));
  });

  it('confirms on the button only: opening the link changes nothing, the post confirms, a second post finds the address already confirmed', async () => {
    const email = `confirma-${randomUUID().slice(0, 8)}@example.com`;
    await subscribe(form(email, 'pt', ['pt', 'en']), '10.4.0.1');
    const { token } = (await confirmations(email))[0]!;
    const link = `/newsletter/confirm?token=${token}&lang=pt`;

    const opened = await send(link, {}, '10.4.0.1');
    expect(opened.status).toBe(200);
    expect(await subscriber(email)).toMatchObject({ status: 'pending' });

    const pressed = await send(link, { method: 'POST' }, '10.4.0.1');
    expect(pressed.status).toBe(303);
    // The result's page, without the token.
    expect(pressed.headers.get('location')).toBe('/newsletter/confirm?lang=pt&result=confirmed&languages=pt%2Cen');
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', languages: ['pt', 'en'] });

    const again = await send(link, { method: 'POST' }, '10.4.0.1');
    expect(again.headers.get('location')).toBe('/newsletter/confirm?lang=pt&result=already&languages=pt%2Cen');
    const unknown = await send(`/newsletter/confirm?token=${'0'.repeat(64)}&lang=en`, { method: 'POST' }, '10.4.0.1');
    expect(unknown.headers.get('location')).toBe('/newsletter/confirm?lang=en&result=invalid');
  });

  /** A confirmed subscriber and their unsubscribe token. */
  async function confirmedSubscriber(): Promise<{ email: string; token: string }> {
    const email = `sai-${randomUUID().slice(0, 8)}@example.com`;
    await sql(
      `insert into public.newsletter_subscribers (email, languages, status, confirmed_at) values ($1, array['pt'], 'confirmed', now())`,
      [email],
    );
    return { email, token: (await subscriber(email))!.unsubscribe_token };
  }

  it("unsubscribes with the page's button (303 to its answer), not by opening the page", async () => {
    const { email, token } = await confirmedSubscriber();
    const link = `/newsletter/unsubscribe?token=${token}&lang=en`;
    expect((await send(link, {}, '10.5.0.1')).status).toBe(200);
    expect(await subscriber(email)).toBeDefined();

    const pressed = await send(link, { method: 'POST', headers: FORM, body: '' }, '10.5.0.1');
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('/newsletter/unsubscribe?lang=en&result=done');
    expect(await subscriber(email)).toBeUndefined();
    // Already gone: the same answer.
    const again = await send(link, { method: 'POST', headers: FORM, body: '' }, '10.5.0.1');
    expect(again.headers.get('location')).toBe('/newsletter/unsubscribe?lang=en&result=done');
  });

  it('unsubscribes at once on the one-click POST of RFC 8058 (no cookie, a foreign Origin): 200, no redirect', async () => {
    const { email, token } = await confirmedSubscriber();
    const res = await send(
      `/newsletter/unsubscribe?token=${token}&lang=pt`,
      { method: 'POST', headers: { ...FORM, Origin: 'https://mail.google.com' }, body: 'List-Unsubscribe=One-Click' },
      '203.0.113.9',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(await subscriber(email)).toBeUndefined();

    // Multipart, as RFC 8058 also allows.
    const second = await confirmedSubscriber();
    const body = new FormData();
    body.set('List-Unsubscribe', 'One-Click');
    const multipart = await send(`/newsletter/unsubscribe?token=${second.token}`, { method: 'POST', body }, '203.0.113.9');
    expect(multipart.status).toBe(200);
    expect(await subscriber(second.email)).toBeUndefined();

    // A token that names no one (or is no token at all): the same 200.
    for (const unknown of [randomUUID(), 'not-a-uuid']) {
      const answer = await send(`/newsletter/unsubscribe?token=${unknown}`, { method: 'POST', headers: FORM, body: 'List-Unsubscribe=One-Click' }, '203.0.113.9');
      expect(answer.status).toBe(200);
    }
  });

  it('refuses a body larger than a form with 413 before reading it', async () => {
    const res = await subscribe([['email', 'x'.repeat(MAX_FORM_BYTES)]], '10.6.0.1');
    expect(res.status).toBe(413);
  });
});
