import { MemoryKvStore } from '@fedify/fedify';
import type { DocumentLoader } from '@fedify/vocab-runtime';
import type { PublicFetch } from '../outbound/public-fetch.ts';
import { alsoKnownAs, type AlsoKnownAsDeps } from './also-known-as.ts';

/** Mastodon's answers: its profile address and its actor address both give the actor document; WebFinger gives the actor address. */
function mastodon(): AlsoKnownAsDeps & { asked: string[] } {
  const asked: string[] = [];
  const actor = { '@context': 'https://www.w3.org/ns/activitystreams', id: 'https://mastodon.example/users/voce', type: 'Person' };
  const loader: DocumentLoader = async (url) => {
    asked.push(url);
    if (url === 'https://mastodon.example/@voce' || url === actor.id) return { contextUrl: null, documentUrl: url, document: actor };
    throw new Error(`HTTP 404 fetching ${url}`);
  };
  const publicFetch = (async (input: string) => {
    asked.push(input);
    const url = new URL(input);
    if (url.pathname === '/.well-known/webfinger' && url.searchParams.get('resource') === 'acct:voce@mastodon.example') {
      return Response.json({ subject: 'acct:voce@mastodon.example', links: [{ rel: 'self', type: 'application/activity+json', href: actor.id }] });
    }
    return new Response('', { status: 404 });
  }) as unknown as PublicFetch;
  return { kv: new MemoryKvStore(), loader, publicFetch, userAgent: 'test', asked };
}

it('gives the actor id for a profile address or a handle, as Mastodon\'s Move checks it', async () => {
  const deps = mastodon();
  expect(await alsoKnownAs('https://mastodon.example/@voce', deps)).toEqual([new URL('https://mastodon.example/users/voce')]);
  expect(await alsoKnownAs('@voce@mastodon.example', deps)).toEqual([new URL('https://mastodon.example/users/voce')]);
  expect(await alsoKnownAs('voce@mastodon.example', deps)).toEqual([new URL('https://mastodon.example/users/voce')]);
  expect(await alsoKnownAs(null, deps)).toEqual([]);
});

it('keeps the answer: her actor document asks the other server once', async () => {
  const deps = mastodon();
  await alsoKnownAs('https://mastodon.example/@voce', deps);
  const asked = deps.asked.length;
  expect(await alsoKnownAs('https://mastodon.example/@voce', deps)).toEqual([new URL('https://mastodon.example/users/voce')]);
  expect(deps.asked).toHaveLength(asked);
});

it('what cannot be resolved: an address stays as she typed it, a handle is left out', async () => {
  const deps = mastodon();
  expect(await alsoKnownAs('https://mastodon.example/@ninguem', deps)).toEqual([new URL('https://mastodon.example/@ninguem')]);
  expect(await alsoKnownAs('@ninguem@mastodon.example', deps)).toEqual([]);
});

it('does not hold her actor document for a slow server: what she typed now, the actor id once resolved', async () => {
  const deps = mastodon();
  let answer: () => void = () => {};
  const slow: DocumentLoader = async (url) => {
    await new Promise<void>((r) => (answer = r));
    return deps.loader(url);
  };
  const slowDeps = { ...deps, loader: slow, waitMs: 50 };
  expect(await alsoKnownAs('https://mastodon.example/@voce', slowDeps)).toEqual([new URL('https://mastodon.example/@voce')]);
  answer();
  await expect.poll(() => alsoKnownAs('https://mastodon.example/@voce', slowDeps)).toEqual([new URL('https://mastodon.example/users/voce')]);
});
