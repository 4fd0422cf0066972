/**
 * Her fediverse accounts for a site on a static host (issue 45, decision
 * 310): the Edge Function's handler (supabase/functions/fediverse) on the
 * real backend's database, PGlite and PostgreSQL, behind a "static host"
 * played on 127.0.0.1 that rewrites /.well-known/* and /ap/* to the function
 * (as Netlify's 200 rewrite or Vercel's rewrites do), so the site's origin is
 * the static host's and the function's own address is a Supabase one. A
 * Fedify server on 127.0.0.1 (allowed as OUTBOUND_ALLOW_HOSTS would) plays
 * Mastodon: WebFinger and the actor as it reads them, a signed Follow
 * recorded with its Accept queued, a forged one changing nothing; on
 * PostgreSQL, `npm run fediverse-worker -- --once` then delivers that Accept,
 * which the peer verifies against her key as the function serves it.
 */
import type { AddressInfo } from 'node:net';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { Follow, Person, type Recipient } from '@fedify/vocab';
import { serve, type ServerType } from '@hono/node-server';
import { main as fediverseWorker } from '../../server/cli/fediverse-worker.ts';
import { startPeer, type Peer } from '../../server/fediverse/testing/peer.ts';
import { createPublicFetch, type PublicFetch } from '../../server/outbound/public-fetch.ts';
import { createFediverseHandler } from '../../supabase/functions/fediverse/handler.ts';
import { targets, useBackend } from './harness.ts';

const AP = 'application/activity+json';
const FUNCTION_HOST = 'project.supabase.example';
const REWRITTEN = /^\/(\.well-known\/(webfinger|nodeinfo)|nodeinfo\/|ap\/)/;

const peer: { current?: Peer } = {};
beforeAll(async () => {
  peer.current = await startPeer();
});
afterAll(async () => {
  await peer.current?.close();
});

/** The static host: its rewrites proxy to the function as the Edge Runtime passes it (`/fediverse/…`, the function's host). */
async function startStaticHost(handler: () => (request: Request) => Promise<Response>): Promise<{ origin: string; close(): Promise<void> }> {
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: async (request) => {
        const url = new URL(request.url);
        if (!REWRITTEN.test(url.pathname)) return new Response('<!doctype html><title>SPA</title>', { headers: { 'Content-Type': 'text/html' } });
        const headers = new Headers(request.headers);
        headers.set('host', FUNCTION_HOST);
        headers.set('x-forwarded-for', '203.0.113.7');
        const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
        return handler()(new Request(`https://${FUNCTION_HOST}/fediverse${url.pathname}${url.search}`, { method: request.method, headers, body }));
      },
    }, () => resolve(s));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      (server as ServerType & { closeAllConnections?(): void }).closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

describe.each(targets)('the fediverse Edge Function on $name', (target) => {
  // The backend's own delivery worker stays idle: on hosted, `npm run fediverse-worker` delivers.
  const backend = useBackend(target, { fediverse: { allow: ['127.0.0.1'], idleMs: 3_600_000 } });
  let site: { origin: string; close(): Promise<void> };
  let publicFetch: PublicFetch;
  let handler: (request: Request) => Promise<Response>;
  /** What the function goes on doing after its answers (EdgeRuntime.waitUntil). */
  const afterAnswers: Promise<unknown>[] = [];
  const host = () => new URL(site.origin).host;
  const actor = (language: string) => `${site.origin}/ap/users/${language}`;
  const her = (language: string): Recipient => ({ id: new URL(actor(language)), inboxId: new URL(`${actor(language)}/inbox`) });

  beforeAll(async () => {
    site = await startStaticHost(() => handler);
    // As index.ts builds it, with the peer's host:port as OUTBOUND_ALLOW_HOSTS.
    publicFetch = createPublicFetch({ timeoutMs: 10_000, maxBytes: 1024 * 1024, methods: ['GET', 'HEAD'], allowHosts: [peer.current!.host] });
    handler = createFediverseHandler({ db: backend.db, publicFetch, allowHosts: [peer.current!.host], siteUrl: site.origin, background: (work) => void afterAnswers.push(work()) });
  });
  afterAll(async () => {
    await site?.close();
    await publicFetch?.close();
  });

  it('answers WebFinger, NodeInfo and her actor on the site origin, as Mastodon reads them', async () => {
    const finger = await fetch(`${site.origin}/.well-known/webfinger?resource=acct:pt@${host()}`);
    expect(finger.status).toBe(200);
    const jrd = (await finger.json()) as { subject: string; links: { rel: string; type?: string; href?: string }[] };
    expect(jrd.subject).toBe(`acct:pt@${host()}`);
    expect(jrd.links).toContainEqual(expect.objectContaining({ rel: 'self', type: AP, href: actor('pt') }));

    const person = await peer.current!.federation.createContext(new URL(peer.current!.origin), undefined).lookupObject(actor('en'));
    expect(person).toBeInstanceOf(Person);
    const p = person as Person;
    expect(p.id?.href).toBe(actor('en'));
    expect(p.inboxId?.href).toBe(`${actor('en')}/inbox`);
    expect(p.endpoints?.sharedInbox?.href).toBe(`${site.origin}/ap/inbox`);
    expect(p.url).toEqual(new URL(`${site.origin}/en`));
    expect((await p.getPublicKey())?.id?.href).toMatch(new RegExp(`^${actor('en')}#`));

    const links = (await (await fetch(`${site.origin}/.well-known/nodeinfo`)).json()) as { links: { href: string }[] };
    expect(links.links[0]!.href.startsWith(`${site.origin}/nodeinfo/`)).toBe(true);
    expect(((await (await fetch(links.links[0]!.href)).json()) as { protocols: string[] }).protocols).toEqual(['activitypub']);
    // Her posts as Articles, on the site's addresses: by /ap/posts/<id>, and by the permalink where the host can route by Accept.
    const [post] = await backend.sql<{ id: string; slug: string }>(
      `insert into public.blog_posts (title, excerpt, content, category, language, published, slug)
       values ('Na função', 'Resumo', 'Texto.', 'Outros', 'pt', true, 'na-funcao') returning id::text, slug`);
    const byId = (await (await fetch(`${site.origin}/ap/posts/${post!.id}`, { headers: { Accept: AP } })).json()) as { type: string; url: string };
    expect(byId).toMatchObject({ type: 'Article', url: `${site.origin}/pt/${post!.slug}` });
    const byPermalink = await handler(new Request(`https://${FUNCTION_HOST}/fediverse/pt/${post!.slug}`, { headers: { Accept: AP } }));
    expect(byPermalink.headers.get('vary')).toMatch(/Accept/);
    expect(((await byPermalink.json()) as { id: string }).id).toBe(`${site.origin}/ap/posts/${post!.id}`);
    // Nothing else of the project is reachable through the function.
    expect((await handler(new Request(`https://${FUNCTION_HOST}/fediverse/rest/v1/blog_posts`))).status).toBe(404);
  });

  it('records a signed Follow and queues its Accept; a forged one changes nothing', async () => {
    const stranger = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const forged = new Follow({ id: new URL(`${peer.current!.origin}/follows/edge-forged-${target.name}`), actor: peer.current!.actorUri('carol'), object: new URL(actor('pt')) });
    const unsigned = new Request(`${actor('pt')}/inbox`, { method: 'POST', headers: { 'Content-Type': AP }, body: JSON.stringify(await forged.toJsonLd({ format: 'compact' })) });
    const signed = await signRequest(unsigned, stranger.privateKey, new URL(`${peer.current!.actorUri('carol').href}#main-key`), { spec: 'draft-cavage-http-signatures-12' });
    const refused = await fetch(signed.url, { method: 'POST', headers: signed.headers, body: await signed.text() });
    expect(refused.status).toBe(401);
    expect(await backend.sql(`select 1 from public.fediverse_followers`)).toEqual([]);
    expect(await backend.sql(`select 1 from private.fediverse_outbox`)).toEqual([]);

    const follow = new Follow({ id: new URL(`${peer.current!.origin}/follows/edge-${target.name}`), actor: peer.current!.actorUri('bob'), object: new URL(actor('pt')) });
    await peer.current!.send('bob', her('pt'), follow);
    // Answered once kept; handled after the answer.
    await Promise.all(afterAnswers.splice(0));
    expect(await backend.sql(`select 1 from private.fediverse_inbox_queue`)).toEqual([]);
    expect(await backend.sql(`select language, actor_id, handle from public.fediverse_followers`))
      .toEqual([{ language: 'pt', actor_id: peer.current!.actorUri('bob').href, handle: `@bob@${peer.current!.host}` }]);
    const queued = await backend.sql<{ type: string; actor: string; object: string }>(
      `select type, body->>'actor' as actor, body->'object'->>'id' as object from private.fediverse_outbox`);
    expect(queued).toEqual([{ type: 'Accept', actor: actor('pt'), object: follow.id!.href }]);
  });

  if (target.name !== 'PostgreSQL') return;

  it('npm run fediverse-worker -- --once handles a Follow an instance kept but did not handle, delivers both Accepts, which the peer verifies, and exits 0', async () => {
    // An instance that stopped after its answer, before handling what it kept.
    const answeringOnly = handler;
    handler = createFediverseHandler({ db: backend.db, publicFetch, allowHosts: [peer.current!.host], siteUrl: site.origin, background: () => {} });
    const carol = new Follow({ id: new URL(`${peer.current!.origin}/follows/edge-kept-${target.name}`), actor: peer.current!.actorUri('carol'), object: new URL(actor('pt')) });
    try {
      await peer.current!.send('carol', her('pt'), carol);
    } finally {
      handler = answeringOnly;
    }
    expect(await backend.sql(`select count(*)::int as n from private.fediverse_inbox_queue`)).toEqual([{ n: 1 }]);
    expect(await backend.sql(`select 1 from public.fediverse_followers where actor_id = $1`, [peer.current!.actorUri('carol').href])).toEqual([]);

    const [row] = await backend.sql<{ name: string }>(`select current_database() as name`);
    const databaseUrl = new URL(target.serverUrl!);
    databaseUrl.pathname = `/${row!.name}`;
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    let code: number;
    try {
      code = await fediverseWorker(['--once'], { DATABASE_URL: databaseUrl.href, SITE_URL: site.origin, OUTBOUND_ALLOW_HOSTS: peer.current!.host });
    } finally {
      spy.mockRestore();
    }
    expect(code, lines.join('\n')).toBe(0);
    for (const key of [`edge-${target.name}`, `edge-kept-${target.name}`]) {
      const accepts = peer.current!.received.filter((r) => r.json.type === 'Accept' && JSON.stringify(r.json.object).includes(`/follows/${key}"`));
      expect(accepts, key).toHaveLength(1);
      expect(accepts[0]!.json.actor).toBe(actor('pt'));
    }
    expect(await backend.sql(`select d.state from private.fediverse_deliveries d join private.fediverse_outbox o on o.id = d.activity_id where o.type = 'Accept'`))
      .toEqual([{ state: 'delivered' }, { state: 'delivered' }]);
    expect(await backend.sql(`select 1 from private.fediverse_inbox_queue`)).toEqual([]);
    expect(await backend.sql(`select 1 from public.fediverse_followers where actor_id = $1`, [peer.current!.actorUri('carol').href])).toHaveLength(1);
  });
});
