/**
 * The scale run of `npm run bench` (issue 11): what /pt costs with the demo
 * content and with 10,000 posts per language — the bytes a reader downloads
 * (the page, brotli, and the first page of the listing's JSON as the browser
 * asks for it on a client-side visit, gzip) and the server's time to render
 * it afresh — and the admin panel's first screen (both counts and the first
 * page) at that size. Printed, never asserted.
 */
import { gzipSync } from 'node:zlib';
import type { RunningServer } from '../server/index.ts';

const PER_LANGUAGE = 10_000;
const SAMPLES = 5;
/** The query the listing's first page sends (src/features/posts/api/get-posts.ts). */
export const FIRST_PAGE =
  'blog_posts?select=id,title,excerpt,category,date,read_time,image_url,language&language=eq.pt&published=eq.true&order=date.desc,id.asc&offset=0&limit=10';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Figures {
  documentBytes: number;
  jsonGzipBytes: number;
  renderMs: number;
}

async function measurePt(server: RunningServer): Promise<Figures> {
  const renders: number[] = [];
  let documentBytes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    // Any write moves the content version: the next request renders afresh.
    await server.db.query(`update public.site_settings set value = value where key = 'hero_title' and language = 'pt'`);
    const started = performance.now();
    const res = await fetch(`${server.url}/pt`, { headers: { 'Accept-Encoding': 'br' } });
    const body = await res.arrayBuffer();
    renders.push(performance.now() - started);
    // fetch decodes brotli; the length on the wire is the header's.
    documentBytes = Number(res.headers.get('content-length') ?? body.byteLength);
  }
  const api = await fetch(`${server.url}/rest/v1/${FIRST_PAGE}`, { headers: { apikey: server.anonKey } });
  const json = Buffer.from(await api.arrayBuffer());
  return { documentBytes, jsonGzipBytes: gzipSync(json).length, renderMs: median(renders) };
}

export async function adminToken(server: Pick<RunningServer, 'url' | 'anonKey' | 'serviceRoleKey'>): Promise<string> {
  const service = { apikey: server.serviceRoleKey, Authorization: `Bearer ${server.serviceRoleKey}`, 'Content-Type': 'application/json' };
  const email = `bench-${Date.now()}@example.com`;
  const password = `bench-${Date.now()}-password`;
  const made = (await (await fetch(`${server.url}/auth/v1/admin/users`, {
    method: 'POST', headers: service, body: JSON.stringify({ email, password, email_confirm: true }),
  })).json()) as { id: string };
  await fetch(`${server.url}/rest/v1/user_roles`, { method: 'POST', headers: service, body: JSON.stringify({ user_id: made.id, role: 'admin' }) });
  const session = (await (await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST', headers: { apikey: server.anonKey, 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }),
  })).json()) as { access_token: string };
  return session.access_token;
}

/** Both counts and the first page, as the admin panel asks for them on opening. */
async function adminFirstScreenMs(server: RunningServer, token: string): Promise<number> {
  const headers = { apikey: server.anonKey, Authorization: `Bearer ${token}` };
  const started = performance.now();
  await Promise.all([
    ...['pt', 'en'].map((l) =>
      fetch(`${server.url}/rest/v1/blog_posts?select=id&language=eq.${l}`, { method: 'HEAD', headers: { ...headers, Prefer: 'count=exact' } }),
    ),
    fetch(`${server.url}/rest/v1/blog_posts?select=*&language=eq.pt&order=created_at.desc,id.asc&offset=0&limit=21`, { headers }).then((r) => r.arrayBuffer()),
  ]);
  return performance.now() - started;
}

export async function benchScale(server: RunningServer): Promise<void> {
  const token = await adminToken(server);
  const demo = await measurePt(server);
  const demoAdmin = median(await Promise.all([0, 1, 2].map(() => adminFirstScreenMs(server, token))));
  console.log(`scale: adding ${PER_LANGUAGE.toLocaleString('en')} published posts per language…`);
  for (const language of ['pt', 'en']) {
    await server.db.query(
      `insert into public.blog_posts (title, excerpt, content, language, published, date)
       select 'Arquivo ' || n, 'Resumo do arquivo ' || n, repeat('Texto do arquivo. ', 200), $1, true, now() - make_interval(hours => n)
         from generate_series(1, $2) as n`,
      [language, PER_LANGUAGE],
    );
  }
  const large = await measurePt(server);
  const admin: number[] = [];
  for (let i = 0; i < 3; i++) admin.push(await adminFirstScreenMs(server, token));
  const ratio = (a: number, b: number) => `×${(a / b).toFixed(2)}`;
  console.log(`/pt, demo content → ${PER_LANGUAGE.toLocaleString('en')} posts per language (targets: ratios ≤ 1.2, first page JSON ≤ 10 KB gzip)`);
  console.log(`  page (brotli):              ${kb(demo.documentBytes)} → ${kb(large.documentBytes)}   ${ratio(large.documentBytes, demo.documentBytes)}`);
  console.log(`  first page of JSON (gzip):  ${kb(demo.jsonGzipBytes)} → ${kb(large.jsonGzipBytes)}   ${ratio(large.jsonGzipBytes, demo.jsonGzipBytes)}`);
  console.log(`  render, not kept (median):  ${demo.renderMs.toFixed(1)} ms → ${large.renderMs.toFixed(1)} ms   ${ratio(large.renderMs, demo.renderMs)}`);
  console.log(`admin panel's first screen (2 counts + first page), median: ${demoAdmin.toFixed(0)} ms → ${median(admin).toFixed(0)} ms (target < 1000 ms)\n`);
}
