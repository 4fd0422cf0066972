/**
 * Her inbox changes nothing for an activity it cannot trust (issue 45), on
 * PGlite and PostgreSQL, against a Fedify server on 127.0.0.1: unsigned,
 * signed with another key than the actor's (forged), signed with a Date two
 * hours old (replayed), signed with a key only reachable over plain http, larger than 1 MB, or not JSON: 401 or 400, no
 * follower, nothing recorded; a server flooding the inbox gets 429 while
 * another is still heard.
 */
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { Follow } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { startPeer, type Peer } from '../../server/fediverse/testing/peer.ts';
import { targets, useBackend } from './harness.ts';

const peer: { current?: Peer } = {};
beforeAll(async () => {
  peer.current = await startPeer();
});
afterAll(async () => {
  await peer.current?.close();
});

describe.each(targets)('her inbox refuses on $name', (target) => {
  const backend = useBackend(target, { fediverse: { allow: ['127.0.0.1'], idleMs: 50, inboxPerMinute: 20 } });
  const inbox = () => `${backend.url}/ap/users/pt/inbox`;

  async function followJson(n: string) {
    const follow = new Follow({ id: new URL(`${peer.current!.origin}/follows/refused-${n}-${target.name}`), actor: peer.current!.actorUri('bob'), object: new URL(`${backend.url}/ap/users/pt`) });
    return JSON.stringify(await follow.toJsonLd({ format: 'compact' }));
  }

  async function signedBy(privateKey: CryptoKey, body: string, currentTime?: Temporal.Instant): Promise<Request> {
    const request = new Request(inbox(), { method: 'POST', headers: { 'Content-Type': 'application/activity+json' }, body });
    return signRequest(request, privateKey, new URL(`${peer.current!.actorUri('bob').href}#main-key`), { spec: 'draft-cavage-http-signatures-12', currentTime });
  }

  const post = async (request: Request) => fetch(request.url, { method: 'POST', headers: request.headers, body: await request.text() });

  async function nothingChanged() {
    expect(await backend.sql(`select 1 from public.fediverse_followers`)).toEqual([]);
    expect(await backend.sql(`select 1 from private.fediverse_inbox`)).toEqual([]);
    expect(await backend.sql(`select 1 from private.fediverse_outbox`)).toEqual([]);
    // Nor kept to be handled later: refused before the queue.
    expect(await backend.sql(`select 1 from private.fediverse_inbox_queue`)).toEqual([]);
  }

  it('answers 401 to an unsigned, a forged and a replayed Follow, and changes nothing', async () => {
    const unsigned = await fetch(inbox(), { method: 'POST', headers: { 'Content-Type': 'application/activity+json' }, body: await followJson('unsigned') });
    expect(unsigned.status).toBe(401);
    const stranger = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    expect((await post(await signedBy(stranger.privateKey, await followJson('forged')))).status).toBe(401);
    const bob = await peer.current!.keys('bob');
    const twoHoursAgo = Temporal.Now.instant().subtract({ hours: 2 });
    expect((await post(await signedBy(bob.privateKey, await followJson('stale'), twoHoursAgo))).status).toBe(401);
    await nothingChanged();
    // The same, signed now by bob's own key, is taken: the refusals above were for the signature alone.
    expect((await post(await signedBy(bob.privateKey, await followJson('good')))).status).toBe(202);
    await backend.drainFediverse();
    expect(await backend.sql(`select actor_id from public.fediverse_followers`)).toEqual([{ actor_id: peer.current!.actorUri('bob').href }]);
    for (const table of ['public.fediverse_followers', 'private.fediverse_outbox', 'private.fediverse_inbox']) await backend.sql(`delete from ${table}`);
  });

  it('answers 401 to a Follow whose key would come over plain http from a host not allow-listed, and changes nothing', async () => {
    // The peer under another name: the test's fetch takes its address as public, but the name is not
    // allow-listed, so its key may come over https only. Before, it was fetched over http and the Follow taken.
    const elsewhere = peer.current!.origin.replace('127.0.0.1', 'localhost');
    const actorId = `${elsewhere}/users/bob`;
    const follow = new Follow({ id: new URL(`${elsewhere}/follows/plain-http-${target.name}`), actor: new URL(actorId), object: new URL(`${backend.url}/ap/users/pt`) });
    const request = await signRequest(
      new Request(inbox(), { method: 'POST', headers: { 'Content-Type': 'application/activity+json' }, body: JSON.stringify(await follow.toJsonLd({ format: 'compact' })) }),
      (await peer.current!.keys('bob')).privateKey, new URL(`${actorId}#main-key`), { spec: 'draft-cavage-http-signatures-12' });
    expect((await post(request)).status).toBe(401);
    await backend.drainFediverse();
    await nothingChanged();
  });

  it('answers 400 to more than 1 MB and to what is not a JSON activity, and changes nothing', async () => {
    const bob = await peer.current!.keys('bob');
    const big = JSON.stringify({ ...JSON.parse(await followJson('big')), padding: 'x'.repeat(1024 * 1024) });
    const tooLarge = await post(await signedBy(bob.privateKey, big));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toMatch(/1 MB/);
    for (const body of ['{"type": "Follow",', '[]', '\u00ff\u00fe']) {
      expect((await post(await signedBy(bob.privateKey, body))).status, body).toBe(400);
    }
    await nothingChanged();
  });

  it('throttles a server that floods the inbox, and only that one', async () => {
    const flood = (n: number) => fetch(inbox(), {
      method: 'POST', headers: { 'Content-Type': 'application/activity+json', Signature: `keyId="https://flood.example/actor#main-key",signature="x${n}"` }, body: '{}',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await flood(i)).status);
    expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    const throttled = await flood(99);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another server is still heard.
    const bob = await peer.current!.keys('bob');
    expect((await post(await signedBy(bob.privateKey, await followJson('after-flood')))).status).toBe(202);
    await backend.drainFediverse();
  });
});
