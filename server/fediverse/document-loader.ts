/**
 * How Fedify fetches remote actors, keys and objects: through the server's
 * one outbound fetch (server/outbound/, decision 270: public addresses only,
 * judged on the connection; size and time bounded), never the global fetch.
 * The JSON-LD contexts every server uses are preloaded by Fedify and never
 * fetched. A signed GET (Mastodon's "authorized fetch") is signed here with
 * the account's key, then sent the same way.
 */
import { signRequest } from '@fedify/fedify';
import { getRemoteDocument, preloadedContexts, type DocumentLoader, type RemoteDocument } from '@fedify/vocab-runtime';
import type { PublicFetch } from '../outbound/public-fetch.ts';
import type { SigningKey } from './keys.ts';

const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

export function publicDocumentLoader(publicFetch: PublicFetch, userAgent: string, sign?: { keyId: URL; privateKey: SigningKey }): DocumentLoader {
  const load: DocumentLoader = async (url, options): Promise<RemoteDocument> => {
    if (url in preloadedContexts) return { contextUrl: null, documentUrl: url, document: preloadedContexts[url] };
    let request = new Request(url, { headers: { Accept: ACCEPT, 'User-Agent': userAgent } });
    if (sign) request = await signRequest(request, sign.privateKey, sign.keyId);
    const response = await publicFetch(request.url, { headers: request.headers, signal: options?.signal });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status} fetching ${url}`);
    }
    return getRemoteDocument(url, response, load);
  };
  return load;
}
