/**
 * `npm run bench` (BENCH_ONLY=clips alone): importing her published work
 * from an outlet's feed — an author page naming its RSS, 1,000 pieces, each
 * an article page with the head outlets publish (JSON-LD NewsArticle, Open
 * Graph) and a picture — served on 127.0.0.1 as `outlet.example`, through
 * the same jobs and code as "Publicações" and `npm run clips -- feed`: the
 * feed found, every piece fetched, extracted, its copy (Markdown, picture,
 * page gzip) stored and written. Prints the time and the process's peak RSS
 * (server and worker share the process here, as in the local backend).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { runBatch } from '../server/clips/batch.ts';
import { createClipsFetch } from '../server/clips/fetch.ts';
import type { RunningServer } from '../server/index.ts';

const PIECES = Number(process.env.BENCH_CLIPS ?? 1000);
const MB = 1024 * 1024;
// A 1×1 PNG.
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function article(n: number, port: number): string {
  const url = `http://outlet.example:${port}/2024/05/${n}/materia-${n}.html`;
  const ld = { '@context': 'https://schema.org', '@type': 'NewsArticle', headline: `Matéria número ${n}`, datePublished: `2024-05-${String((n % 28) + 1).padStart(2, '0')}T10:00:00-03:00`, author: { '@type': 'Person', name: 'Ana Repórter' }, publisher: { '@type': 'NewsMediaOrganization', name: 'Jornal Exemplo', logo: { '@type': 'ImageObject', url: `http://outlet.example:${port}/logo.png` } } };
  const paragraphs = Array.from({ length: 12 }, (_, i) => `<p>Parágrafo ${i + 1} da matéria ${n}: ${'texto de reportagem com fatos, nomes e números. '.repeat(6)}</p>`).join('\n');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Matéria número ${n} | Jornal Exemplo</title>
<meta property="og:title" content="Matéria número ${n}"><meta property="og:site_name" content="Jornal Exemplo"><meta property="og:url" content="${url}">
<meta property="og:description" content="Resumo da matéria ${n}."><meta property="og:image" content="http://outlet.example:${port}/foto/${n}.png">
<script type="application/ld+json">${JSON.stringify(ld)}</script></head>
<body><header><nav><a href="/">Início</a></nav></header><article><h1>Matéria número ${n}</h1><p class="byline">Por Ana Repórter</p>${paragraphs}</article><footer>© Jornal Exemplo</footer></body></html>`;
}

export async function benchClips(server: RunningServer): Promise<void> {
  const outlet = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const port = (outlet.address() as AddressInfo).port;
    if (path === '/autora/ana') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><link rel="alternate" type="application/rss+xml" href="/autora/ana/rss"></head><body>Ana</body></html>');
    if (path === '/autora/ana/rss') {
      const items = Array.from({ length: PIECES }, (_, n) => `<item><title>Matéria número ${n}</title><link>http://outlet.example:${port}/2024/05/${n}/materia-${n}.html</link><pubDate>Mon, 06 May 2024 13:00:00 GMT</pubDate></item>`);
      return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Ana no Jornal Exemplo</title>${items.join('')}</channel></rss>`);
    }
    if (path.startsWith('/foto/') || path === '/logo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PICTURE);
    const m = /^\/2024\/05\/(\d+)\/materia-\d+\.html$/.exec(path);
    if (m) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article(Number(m[1]), port));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => outlet.listen(0, '127.0.0.1', resolve));
  const port = (outlet.address() as AddressInfo).port;
  const fetch = createClipsFetch({ allowHosts: [`outlet.example:${port}`], resolver: async () => [{ address: '127.0.0.1', family: 4 }] });
  const client = createClient(server.url, server.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  let peak = process.memoryUsage().rss;
  const startRss = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    console.log(`\nClips: importing ${PIECES} pieces from a feed served locally (author page → RSS → each article fetched, extracted, archived)…`);
    const started = performance.now();
    const [found] = await runBatch(client, fetch, [{ kind: 'feed', input: `http://outlet.example:${port}/autora/ana`, options: { follow: true } }]);
    const items = (found!.result as { items: { url: string }[] }).items;
    const jobs = await runBatch(client, fetch, items.map((i) => ({ kind: 'add', input: i.url, options: { source: 'feed' } })), 100);
    const seconds = (performance.now() - started) / 1000;
    const failed = jobs.filter((j) => j.state === 'failed');
    console.log(`  ${jobs.length - failed.length} clips added, ${failed.length} refused${failed[0] ? ` (first: ${failed[0].error})` : ''} in ${seconds.toFixed(1)} s (${((seconds * 1000) / PIECES).toFixed(0)} ms a piece, 4 at a time)`);
    console.log(`  process RSS ${(startRss / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB (server and worker in one process)`);
    clearInterval(sampler);
    await removeImported(server, client, `http://outlet.example:${port}/%`);
  } finally {
    clearInterval(sampler);
    await fetch.close();
    outlet.closeAllConnections();
    await new Promise((resolve) => outlet.close(resolve));
  }
}

/**
 * The imported clips, their kept files, the followed feed and the jobs go
 * once measured: the benches after this one in a full run (the clips pages
 * with their own 5,000, search) see only their own clips.
 */
async function removeImported(server: RunningServer, client: SupabaseClient, urls: string): Promise<void> {
  const { rows } = await server.db.query<{ picture_path: string | null; page_path: string | null; outlet_logo_url: string | null }>(
    `select k.picture_path, k.page_path, c.outlet_logo_url from public.clips c left join public.clip_copies k on k.clip_id = c.id where c.url like $1`,
    [urls],
  );
  const logo = (url: string | null) => (url ? (/\/object\/public\/clip-files\/(.+)$/.exec(new URL(url).pathname)?.[1] ?? null) : null);
  const files = rows.flatMap((r) => [r.picture_path, logo(r.outlet_logo_url)]).filter((p): p is string => !!p);
  const pages = rows.map((r) => r.page_path).filter((p): p is string => !!p);
  for (const [bucket, paths] of [['clip-files', files], ['clip-pages', pages]] as const) {
    for (let i = 0; i < paths.length; i += 500) await client.storage.from(bucket).remove(paths.slice(i, i + 500));
  }
  await server.db.query(`delete from public.clips where url like $1`, [urls]);
  await server.db.query(`delete from public.clip_feeds where url like $1`, [urls]);
  await server.db.query(`delete from public.clip_jobs where input like $1`, [urls]);
  console.log(`  removed: ${rows.length} clips, ${files.length + pages.length} kept files (the next benches see only their own clips)`);
}
