/** The app's router remembers matches per path; answers must stay those of the routes as they are now. */
import { Hono } from 'hono';
import type { Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { RememberedRoutes } from './remembered-routes.ts';

// Any handler type: hono types the router by its own handler tuple.
type AppRouter = Router<never>;
function app(router: AppRouter = new RememberedRoutes()) {
  const a = new Hono({ router });
  a.use('/api/*', async (c, next) => {
    await next();
    c.header('X-Api', 'yes');
  });
  a.get('/api/rpc/:fn', (c) => c.text(`rpc ${c.req.param('fn')}`));
  a.get('/api/:table', (c) => c.text(`table ${c.req.param('table')}`));
  return a;
}

it('answers each path with its own parameters, asked again and again, past what it remembers', async () => {
  const a = app();
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 2500; i += 250) {
      expect(await (await a.request(`/api/t${i}`)).text()).toBe(`table t${i}`);
      expect(await (await a.request(`/api/rpc/f${i}`)).text()).toBe(`rpc f${i}`);
    }
  }
  for (let i = 0; i < 2100; i++) await a.request(`/api/many${i}`);
  const res = await a.request('/api/t0');
  expect([await res.text(), res.headers.get('x-api')]).toEqual(['table t0', 'yes']);
});

it('sees a route added after a path was matched, where the router inside allows adding then', async () => {
  const a = app(new RememberedRoutes(new TrieRouter()));
  expect((await a.request('/later')).status).toBe(404);
  a.get('/later', (c) => c.text('here now'));
  expect(await (await a.request('/later')).text()).toBe('here now');
});
