/**
 * How Fedify fetches remote actors, keys and objects: through the server's
 * one outbound fetch (server/outbound/, decision 270: public addresses only,
 * judged on the connection; size and time bounded), never the global fetch.
 * The JSON-LD contexts every server uses are preloaded by Fedify and never
 * fetched. A signed GET (Mastodon's "authorized fetch") is signed here with
 * the account's key, then sent the same way.
 *
 * Only https: a key fetched over plain http could be swapped on the way, and
 * a signature checked against it proves nothing. http is taken only from a
 * host exempted by OUTBOUND_ALLOW_HOSTS (an intranet, the tests' peer), and
 * refused before any request is made.
 */
import { signRequest } from '@fedify/fedify';
import { getRemoteDocument, preloadedContexts, type DocumentLoader, type RemoteDocument } from '@fedify/vocab-runtime';
import { hostKey } from '../outbound/allow-hosts.ts';
import type { PublicFetch } from '../outbound/public-fetch.ts';
import type { SigningKey } from './keys.ts';

const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

/** Which hosts may answer over plain http (the outbound fetch's exemptions); every other remote document must be https. */
export interface PlainHttpHosts {
  /** OUTBOUND_ALLOW_HOSTS entries, host:port. */
  allowHosts?: readonly string[];
  /** Tests only: the addresses the outbound fetch takes as public (server/fediverse/index.ts). */
  allow?: readonly string[];
}

export function mayFetchOverHttp(url: URL, hosts: PlainHttpHosts = {}): boolean {
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return false;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return (hosts.allowHosts ?? []).includes(hostKey(url.hostname, url.port, url.protocol)) || (hosts.allow ?? []).includes(hostname);
}

export function publicDocumentLoader(publicFetch: PublicFetch, userAgent: string, sign?: { keyId: URL; privateKey: SigningKey }, hosts: PlainHttpHosts = {}): DocumentLoader {
  const load: DocumentLoader = async (url, options): Promise<RemoteDocument> => {
    if (url in preloadedContexts) return { contextUrl: null, documentUrl: url, document: preloadedContexts[url] };
    if (!mayFetchOverHttp(new URL(url), hosts)) throw new Error(`refused ${url}: remote documents come over https only`);
    let request = new Request(url, { headers: { Accept: ACCEPT, 'User-Agent': userAgent } });
    if (sign) request = await signRequest(request, sign.privateKey, sign.keyId);
    const response = await publicFetch(request.url, { headers: request.headers, signal: options?.signal });
    // A redirect may not step down to http either.
    if (response.url && !mayFetchOverHttp(new URL(response.url), hosts)) {
      await response.body?.cancel();
      throw new Error(`refused ${response.url}: remote documents come over https only`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status} fetching ${url}`);
    }
    return getRemoteDocument(url, response, load);
  };
  return load;
}
