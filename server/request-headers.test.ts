/** Request headers read from Node's record (served) or the fetch Request (in process). */
import { Hono, type Context } from 'hono';
import { HeaderLookup, requestHeader, requestHeaders } from './request-headers.ts';

function appSeeing(read: (c: Context) => unknown) {
  const app = new Hono();
  app.get('/', (c) => c.json(read(c) ?? null));
  return app;
}

const nodeRequest = (headers: Record<string, string | string[]>) => ({ incoming: { headers, socket: { remoteAddress: '10.0.0.1' } } });

it('reads the headers Node parsed when there are some, and the fetch Request’s otherwise', async () => {
  const app = appSeeing((c) => [requestHeader(c, 'x-a'), requestHeaders(c)['x-b']]);
  const served = await app.request('/', { headers: { 'X-A': 'from fetch' } }, nodeRequest({ 'x-a': 'from node', 'x-b': 'b' }));
  expect(await served.json()).toEqual(['from node', 'b']);
  const inProcess = await app.request('/', { headers: { 'X-A': 'from fetch', 'X-B': 'b2' } });
  expect(await inProcess.json()).toEqual(['from fetch', 'b2']);
  // A Node request without headers (a test's socket alone) reads the fetch Request's.
  const socketOnly = await app.request('/', { headers: { 'X-A': 'from fetch' } }, { incoming: { socket: {} } });
  expect(await socketOnly.json()).toEqual(['from fetch', null]);
});

it('joins a header Node keeps as a list into one string', async () => {
  const app = appSeeing((c) => [requestHeaders(c)['set-cookie'], requestHeader(c, 'set-cookie')]);
  const res = await app.request('/', {}, nodeRequest({ 'set-cookie': ['a=1', 'b=2'] }));
  expect(await res.json()).toEqual(['a=1, b=2', 'a=1, b=2']);
});

it('finds names in any case and never answers with what a record inherits', async () => {
  const lookup = new HeaderLookup({ accept: 'application/json' });
  expect(lookup.get('Accept')).toBe('application/json');
  expect(lookup.get('constructor')).toBeUndefined();
  const app = appSeeing((c) => requestHeader(c, 'constructor') ?? 'none');
  expect(await (await app.request('/', {}, nodeRequest({}))).json()).toBe('none');
});
