import type { PublicFetch } from '../outbound/public-fetch.ts';
import { publicDocumentLoader } from './document-loader.ts';

const person = { '@context': 'https://www.w3.org/ns/activitystreams', id: '', type: 'Person' };

/** An outbound fetch that answers every address with a Person, and keeps what it was asked. */
function fakeFetch() {
  const asked: string[] = [];
  const fetch = (async (input: string | URL) => {
    asked.push(String(input));
    return Object.defineProperty(new Response(JSON.stringify({ ...person, id: String(input) }), { headers: { 'Content-Type': 'application/activity+json' } }), 'url', { value: String(input) });
  }) as unknown as PublicFetch;
  return { fetch, asked };
}

it('refuses a remote key or actor over plain http before asking anything, unless its host is allow-listed', async () => {
  const { fetch, asked } = fakeFetch();
  const load = publicDocumentLoader(fetch, 'test', undefined, { allowHosts: ['intranet.example:8080'], allow: ['127.0.0.1'] });
  await expect(load('http://social.example/users/mallory#main-key')).rejects.toThrow(/https only/);
  await expect(load('ftp://social.example/users/mallory')).rejects.toThrow(/https only/);
  // An allow-listed host:port (OUTBOUND_ALLOW_HOSTS) only on that port.
  await expect(load('http://intranet.example:9090/users/a')).rejects.toThrow(/https only/);
  expect(asked).toEqual([]);
  expect((await load('https://social.example/users/ana')).documentUrl).toBe('https://social.example/users/ana');
  expect((await load('http://intranet.example:8080/users/a')).documentUrl).toBe('http://intranet.example:8080/users/a');
  expect((await load('http://127.0.0.1:4000/users/bob')).documentUrl).toBe('http://127.0.0.1:4000/users/bob');
  expect(asked).toEqual(['https://social.example/users/ana', 'http://intranet.example:8080/users/a', 'http://127.0.0.1:4000/users/bob']);
});
