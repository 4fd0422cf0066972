/**
 * Her earlier account, as alsoKnownAs needs it. Mastodon's Move checks that
 * the new account's alsoKnownAs holds the old account's actor id
 * (https://mastodon.social/users/voce); she types what she sees, the profile
 * address (https://mastodon.social/@voce) or the handle (@voce@mastodon.social).
 * Resolved here through the outbound rules (the federation's document loader;
 * WebFinger through the outbound fetch, https, or http for an allow-listed
 * host), kept a day in the fediverse KV so her actor document answers fast;
 * what cannot be resolved is kept an hour, and an address stays as she typed
 * it (a handle, not being an address, is left out).
 */
import type { KvKey, KvStore } from '@fedify/fedify';
import type { DocumentLoader } from '@fedify/vocab-runtime';
import { Temporal } from '@js-temporal/polyfill';
import type { PublicFetch } from '../outbound/public-fetch.ts';
import { mayFetchOverHttp, type PlainHttpHosts } from './document-loader.ts';

const ACTOR_TYPES = new Set(['Person', 'Service', 'Application', 'Group', 'Organization']);
const HANDLE = /^@?([A-Za-z0-9_.-]+)@([A-Za-z0-9.-]+(?::[0-9]{1,5})?)$/;
const RESOLVED_FOR = Temporal.Duration.from({ hours: 24 });
const UNRESOLVED_FOR = Temporal.Duration.from({ hours: 1 });

export interface AlsoKnownAsDeps {
  kv: KvStore;
  loader: DocumentLoader;
  publicFetch: PublicFetch;
  userAgent: string;
  plainHttp?: PlainHttpHosts;
}

/** The actor id a remote document describes, when it is an actor's on the server it came from. */
async function actorIdAt(url: string, deps: AlsoKnownAsDeps): Promise<string | null> {
  const { document } = await deps.loader(url);
  const doc = document as { id?: unknown; '@id'?: unknown; type?: unknown } | null;
  const id = typeof doc?.id === 'string' ? doc.id : typeof doc?.['@id'] === 'string' ? doc['@id'] : null;
  const types = Array.isArray(doc?.type) ? doc.type : [doc?.type];
  if (!id || !types.some((t) => typeof t === 'string' && ACTOR_TYPES.has(t))) return null;
  // As Fedify's lookup: a document may only speak for ids of its own server.
  return new URL(id).origin === new URL(url).origin ? id : null;
}

/** The actor address WebFinger gives for user@host: https, or http where the host is allow-listed. */
async function webFinger(user: string, host: string, deps: AlsoKnownAsDeps): Promise<string | null> {
  const schemes = mayFetchOverHttp(new URL(`http://${host}`), deps.plainHttp) ? ['https:', 'http:'] : ['https:'];
  for (const scheme of schemes) {
    const url = new URL(`${scheme}//${host}/.well-known/webfinger`);
    url.searchParams.set('resource', `acct:${user}@${host}`);
    try {
      const response = await deps.publicFetch(url.href, { headers: { Accept: 'application/jrd+json, application/json', 'User-Agent': deps.userAgent } });
      if (!response.ok) {
        await response.body?.cancel();
        continue;
      }
      const jrd = (await response.json()) as { links?: { rel?: string; type?: string; href?: string }[] };
      const self = jrd.links?.find((l) => l.rel === 'self' && /^application\/(activity\+json|ld\+json)/.test(l.type ?? '') && l.href);
      if (self?.href) return self.href;
    } catch {
      // The next scheme, or unresolved.
    }
  }
  return null;
}

async function resolve(typed: string, deps: AlsoKnownAsDeps): Promise<string | null> {
  const handle = HANDLE.exec(typed);
  try {
    if (handle) {
      const href = await webFinger(handle[1]!, handle[2]!.toLowerCase(), deps);
      return href ? await actorIdAt(href, deps) : null;
    }
    return await actorIdAt(new URL(typed).href, deps);
  } catch {
    return null;
  }
}

/**
 * How long her actor document waits for a first resolution. A remote server
 * fetching her actor gives up after a few seconds, and the other server may
 * take longer (each fetch may take the outbound rules' whole time): past
 * this, the document answers with what she typed, and the resolution goes on
 * to be kept for the next reader.
 */
const WAIT_FOR_RESOLUTION_MS = 1_500;
const resolving = new Map<string, Promise<{ id: string | null }>>();

function resolveAndKeep(typed: string, key: KvKey, deps: AlsoKnownAsDeps): Promise<{ id: string | null }> {
  let pending = resolving.get(typed);
  if (!pending) {
    pending = (async () => {
      const found = { id: await resolve(typed, deps) };
      await deps.kv.set(key, found, { ttl: found.id ? RESOLVED_FOR : UNRESOLVED_FOR });
      return found;
    })().finally(() => resolving.delete(typed));
    resolving.set(typed, pending);
  }
  return pending;
}

/** Her actor's alsoKnownAs for what she typed: the resolved actor id, or the address as typed, or nothing. */
export async function alsoKnownAs(typed: string | null, deps: AlsoKnownAsDeps & { waitMs?: number }): Promise<URL[]> {
  if (!typed) return [];
  const key = ['fediverse', 'alsoKnownAs', typed] as const;
  let cached = await deps.kv.get<{ id: string | null }>(key);
  if (!cached) {
    const pending = resolveAndKeep(typed, key, deps);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), deps.waitMs ?? WAIT_FOR_RESOLUTION_MS)));
    cached = await Promise.race([pending.catch(() => ({ id: null })), late]);
    clearTimeout(timer);
  }
  if (cached?.id) return [new URL(cached.id)];
  return HANDLE.test(typed) || !URL.canParse(typed) ? [] : [new URL(typed)];
}
