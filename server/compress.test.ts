/**
 * What leaves the server uncompressed gets brotli or gzip by Accept-Encoding
 * (issue 11), and decompresses to the same bytes; what must not be touched
 * is not.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compressResponses, encodedResponse } from './compress.ts';

const small = JSON.stringify({ ok: true });
const json = JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ id: i, title: `Título número ${i}`, excerpt: 'Um resumo que se repete.' })));
const large = JSON.stringify(Array.from({ length: 4000 }, (_, i) => ({ id: i, content: `Parágrafo ${i} de um texto longo.` })));

const app = new Hono();
app.use('*', compressResponses());
app.get('/json', (c) => c.body(json, 200, { 'Content-Type': 'application/json; charset=utf-8', ETag: '"v1"' }));
app.get('/small', (c) => c.json(JSON.parse(small)));
app.get('/large', (c) => c.body(large, 200, { 'Content-Type': 'application/json' }));
app.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
app.get('/encoded', (c) => c.body(json, 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'identity-made-elsewhere' }));
// Bodies of the same length that differ in one place, as REST answers do (compressed ones are remembered by text).
const variant = (n: string) => json.replace('Título número 0', `Título número ${n}`);
app.get('/variant/:n', (c) => encodedResponse(c, variant(c.req.param('n')), { status: 200, headers: { 'Content-Type': 'application/json' } }));
// One address whose text changes between requests, as a table's rows do.
let edition = 0;
app.get('/changing', (c) => encodedResponse(c, variant(String(edition)), { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': '0-59/*' } }));
app.get('/no-transform', (c) => c.body(json, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-transform' }));

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app.request(path, { method, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

it('answers brotli when the client takes it, gzip otherwise, each decompressing to the same JSON', async () => {
  const br = await get('/json', 'gzip, deflate, br');
  expect(br.headers.get('content-encoding')).toBe('br');
  expect(br.headers.get('vary')).toBe('Accept-Encoding');
  expect(br.headers.get('content-length')).toBeNull();
  const brBody = await bytes(br);
  expect(brBody.length).toBeLessThan(json.length / 3);
  expect(brotliDecompressSync(brBody).toString()).toBe(json);

  const gz = await get('/json', 'gzip');
  expect(gz.headers.get('content-encoding')).toBe('gzip');
  expect(gunzipSync(await bytes(gz)).toString()).toBe(json);
});

it('answers each body its own bytes when the same texts come again and again', async () => {
  for (const round of [1, 2, 3]) {
    for (const n of ['1', '2', '3']) {
      expect(variant(n).length).toBe(json.length);
      const br = await get(`/variant/${n}`, 'br');
      expect(brotliDecompressSync(await bytes(br)).toString(), `round ${round}`).toBe(variant(n));
      const gz = await get(`/variant/${n}`, 'gzip');
      expect(gunzipSync(await bytes(gz)).toString(), `round ${round}`).toBe(variant(n));
    }
  }
});

it('answers the new text when the text at the same address changes, in either encoding', async () => {
  for (const n of [1, 1, 2, 2, 1, 3]) {
    edition = n;
    const br = await get('/changing', 'br');
    expect(brotliDecompressSync(await bytes(br)).toString(), `edition ${n}`).toBe(variant(String(n)));
    const gz = await get('/changing', 'gzip');
    expect(gunzipSync(await bytes(gz)).toString(), `edition ${n}`).toBe(variant(String(n)));
  }
});

it("keeps the handler's headers and adds Vary once, without a Headers object in between", async () => {
  const res = await get('/changing', 'br');
  expect(res.headers.get('content-range')).toBe('0-59/*');
  expect(res.headers.get('content-type')).toBe('application/json');
  expect(res.headers.get('vary')).toBe('Accept-Encoding');
  expect(res.headers.get('content-encoding')).toBe('br');
});

it('weakens a strong ETag of a compressed answer, as the bytes are no longer the same', async () => {
  expect((await get('/json', 'br')).headers.get('etag')).toBe('W/"v1"');
  expect((await get('/json')).headers.get('etag')).toBe('"v1"');
});

it('sends plain bytes (still Vary) to a client without Accept-Encoding, and leaves small bodies alone', async () => {
  const plain = await get('/json');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(plain.headers.get('vary')).toBe('Accept-Encoding');
  expect((await bytes(plain)).toString()).toBe(json);
  const tiny = await get('/small', 'br');
  expect(tiny.headers.get('content-encoding')).toBeNull();
  expect(await tiny.text()).toBe(small);
});

it('compresses a large body (off the event loop) to the same bytes', async () => {
  const br = await get('/large', 'br');
  expect(br.headers.get('content-encoding')).toBe('br');
  expect(brotliDecompressSync(await bytes(br)).toString()).toBe(large);
});

it('does not touch images, bodies compressed already, no-transform answers or HEAD', async () => {
  expect((await get('/image', 'br')).headers.get('content-encoding')).toBeNull();
  expect((await get('/encoded', 'br')).headers.get('content-encoding')).toBe('identity-made-elsewhere');
  expect((await get('/no-transform', 'br')).headers.get('content-encoding')).toBeNull();
  expect((await get('/json', 'br', 'HEAD')).headers.get('content-encoding')).toBeNull();
});
