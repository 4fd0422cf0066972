import type { Federation } from '@fedify/fedify';
import type { Database } from '../db/database.ts';
import { createFediverseRoutes } from './routes.ts';

/** Her inbox's routes, with a federation that takes every activity it is given (the throttle comes before it). */
function inboxRoutes() {
  const federation = { fetch: async () => new Response(null, { status: 202 }) } as unknown as Federation<void>;
  return createFediverseRoutes({ db: {} as Database, federation, inboxPerMinute: 5, trustedProxyHeader: 'x-forwarded-for' });
}

const claiming = (host: string, from: string) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/activity+json', 'X-Forwarded-For': from, Signature: `keyId="https://${host}/users/a#main-key",signature="x"` },
  body: '{"type":"Follow"}',
});

it('a flood claiming a real server\'s keyId from one address spends that address\'s share, not the server\'s', async () => {
  const app = inboxRoutes();
  const flood: number[] = [];
  for (let i = 0; i < 7; i++) flood.push((await app.request('/ap/inbox', claiming('social.example', '203.0.113.9'))).status);
  expect(flood).toEqual([202, 202, 202, 202, 202, 429, 429]);
  // The real server, from its own address, is still heard; the flooder still waits.
  expect((await app.request('/ap/inbox', claiming('social.example', '198.51.100.7'))).status).toBe(202);
  expect((await app.request('/ap/users/pt/inbox', claiming('social.example', '203.0.113.9'))).status).toBe(429);
});
