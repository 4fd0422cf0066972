/**
 * A second fediverse server for the tests and the bench, built with Fedify
 * itself on 127.0.0.1 and a free port: accounts with their own keys, an
 * inbox that verifies every signature (what a real server would refuse, it
 * refuses) and keeps what it accepted, and a way to send her inbox signed
 * activities, as a Mastodon instance would. It may fetch private addresses:
 * her server plays the public site on 127.0.0.1.
 */
import type { AddressInfo } from 'node:net';
import { createFederation, generateCryptoKeyPair, MemoryKvStore, type Federation } from '@fedify/fedify';
import { Activity, Endpoints, Image, Person, type Recipient } from '@fedify/vocab';
import { serve, type ServerType } from '@hono/node-server';
import sharp from 'sharp';

export interface ReceivedActivity {
  /** The account whose inbox took it (null: the shared inbox). */
  inbox: string | null;
  activity: Activity;
  json: Record<string, unknown>;
}

export interface Peer {
  origin: string;
  host: string;
  federation: Federation<void>;
  received: ReceivedActivity[];
  actorUri(name: string): URL;
  /** Sends one activity from `name` to her account's inbox (signed by Fedify), as a server on the fediverse would. */
  send(name: string, to: Recipient, activity: Activity): Promise<void>;
  /** Answer this status to every inbox request from now on (undefined: verify and accept). */
  answer: number | undefined;
  /** Every POST that reached an inbox, before any verification (a resent activity counts twice here, once in `received`). */
  posts: number;
  /** Requests for the people's pictures (/avatars/<name>.png, 200 px PNGs): who loaded them. */
  avatarRequests: number;
  /** The signature each of those POSTs carried, in order. */
  signatures: ('rfc9421' | 'draft-cavage')[];
  keys(name: string): ReturnType<typeof generateCryptoKeyPair>;
  close(): Promise<void>;
}

/**
 * names: the people it plays (default bob and carol); delayMs: each inbox
 * POST waits this long first (a slow server); oneKey: all of them sign with
 * one key pair. A key is made (RSA, hundreds of milliseconds of CPU) the
 * first time a person's actor is read, and Fedify reads the recipient's actor
 * for every inbox POST: a server playing 150 readers would spend its first
 * seconds making keys, past the sender's 10 s, and never verify in time.
 * draftCavageOnly: an RFC 9421 signature is refused with 401, as a server
 * that reads only draft-cavage (Mastodon before 4.5) fails to verify it.
 */
export async function startPeer(options: { names?: string[]; delayMs?: number; oneKey?: boolean; draftCavageOnly?: boolean } = {}): Promise<Peer> {
  const names = new Set(options.names ?? ['bob', 'carol']);
  const keyPairs = new Map<string, ReturnType<typeof generateCryptoKeyPair>>();
  const keysOf = (person: string) => {
    const name = options.oneKey ? '*' : person;
    let pair = keyPairs.get(name);
    if (!pair) keyPairs.set(name, (pair = generateCryptoKeyPair('RSASSA-PKCS1-v1_5')));
    return pair;
  };
  const received: ReceivedActivity[] = [];
  const federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (!names.has(identifier)) return null;
      const [pair] = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: identifier[0]!.toUpperCase() + identifier.slice(1),
        url: new URL(`/@${identifier}`, ctx.origin),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pair?.cryptographicKey ?? null,
        icon: new Image({ url: new URL(`/avatars/${identifier}.png`, ctx.origin), mediaType: 'image/png' }),
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => (names.has(identifier) ? [await keysOf(identifier)] : []));
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Activity, async (ctx, activity) => {
      received.push({ inbox: ctx.recipient, activity, json: (await activity.toJsonLd({ format: 'compact' })) as Record<string, unknown> });
    });

  const state: { answer: number | undefined; posts: number; avatarRequests: number } = { answer: undefined, posts: 0, avatarRequests: 0 };
  const picture = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();
  const signatures: Peer['signatures'] = [];
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: async (request) => {
        if (request.method === 'GET' && /^\/avatars\/[a-z]+\.png$/.test(new URL(request.url).pathname)) {
          state.avatarRequests++;
          return new Response(new Uint8Array(picture), { headers: { 'Content-Type': 'image/png' } });
        }
        if (request.method === 'POST') {
          state.posts++;
          const rfc9421 = request.headers.has('signature-input');
          signatures.push(rfc9421 ? 'rfc9421' : 'draft-cavage');
          if (rfc9421 && options.draftCavageOnly) return new Response('Verification failed', { status: 401 });
          // A busy server asks for a second's wait, which the sender's outbound fetch honours for the whole host.
          if (state.answer !== undefined) return new Response('', { status: state.answer, headers: state.answer === 429 || state.answer === 503 ? { 'Retry-After': '1' } : {} });
          // A slow server: the sender's work is spread over time.
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        }
        return federation.fetch(request, { contextData: undefined });
      },
    }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    federation,
    received,
    actorUri: (name) => new URL(`/users/${name}`, origin),
    async send(name, to, activity) {
      const ctx = federation.createContext(new URL(origin), undefined);
      await ctx.sendActivity({ identifier: name }, to, activity, { immediate: true });
    },
    get answer() {
      return state.answer;
    },
    set answer(value) {
      state.answer = value;
    },
    get posts() {
      return state.posts;
    },
    get avatarRequests() {
      return state.avatarRequests;
    },
    signatures,
    keys: (name) => keysOf(name),
    close: () => new Promise<void>((resolve) => {
      (server as ServerType & { closeAllConnections?(): void }).closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}
