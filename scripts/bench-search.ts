/**
 * `npm run bench` (BENCH_ONLY=search alone): search at scale (issue 44).
 * 20,000 published posts (half per language, about 150 words each, from a
 * vocabulary of the site's subjects) and 5,000 published clips (half with
 * their archived copy shown, about 300 words), then each query:
 * public.search_site through the HTTP API as a visitor calls it (anon key,
 * row level security), beside the same function as raw SQL by the database
 * owner in the same run; then the whole server-rendered /pt/busca page.
 * Median and 95th percentile of SAMPLES; printed, never asserted.
 */
import type { Queryable } from '../server/db/database.ts';
import type { RunningServer } from '../server/index.ts';

const POSTS = 20_000;
const CLIPS = 5_000;
const SAMPLES = 40;

const PT_WORDS = (
  'comunicação crise imprensa jornalista reportagem assessoria reputação entrevista notícia redação eleição eleições governo ' +
  'empresa marca público opinião transparência credibilidade porta-voz coletiva nota oficial mídia relações estratégia ' +
  'informação informações desinformação política economia saúde educação cidade país mundo leitores fontes apuração ' +
  'checagem fatos versão declaração pedido desculpas liderança equipe treinamento media training pauta manchete ' +
  'editorial coluna artigo análise dados pesquisa mercado consumidor crises gestão prevenção resposta rápida'
).split(' ');
const EN_WORDS = (
  'communication crisis press journalist reporting publicist reputation interview news newsroom election elections government ' +
  'company brand public opinion transparency credibility spokesperson briefing statement official media relations strategy ' +
  'information disinformation politics economy health education city country world readers sources reporting ' +
  'fact-checking facts version declaration apology leadership team training published publishing headline ' +
  'editorial column article analysis data research market consumer crises management prevention response fast'
).split(' ');

const QUERIES = [
  'comunicação de crise',
  'comunicacao de crises',
  '"relações com a mídia"',
  'imprensa -assessoria',
  'eleições governo',
  'transparência credibilidade porta-voz',
  'zzzpalavraquenaoexiste',
];

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const pct = (values: number[], p: number) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** Samples over a second: when (s since the server started) and what, so a stall can be laid beside the server's log. */
const stalls: string[] = [];
let startedAt = performance.now();

async function sample(task: () => Promise<unknown>, what: string): Promise<number[]> {
  await task();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await task();
    const ms = performance.now() - start;
    times.push(ms);
    if (ms > 1000) stalls.push(`${what} at ${((start - startedAt) / 1000).toFixed(1)} s: ${ms.toFixed(0)} ms`);
  }
  return times;
}

const fmt = (times: number[]) => `${pct(times, 0.5).toFixed(1)} / ${pct(times, 0.95).toFixed(1)} ms`;

/** The bench's posts and clips (read_time 'bench', addresses at bench.example), with their index; times in ms. */
export async function fillForSearch(db: Queryable): Promise<{ postsMade: number; clipsMade: number }> {
  let start = performance.now();
  // Words picked by a spread of the row and position numbers: every text differs, every word is common somewhere.
  await db.query(
    `insert into public.blog_posts (title, excerpt, content, language, category, published, date, read_time)
     select (select string_agg(w[1 + (i * 7 + j * 13 + i / 7) % n], ' ') from generate_series(1, 6) j),
            (select string_agg(w[1 + (i * 11 + j * 5 + i / 3) % n], ' ') from generate_series(1, 20) j),
            (select string_agg(w[1 + (i * 31 + j * 17 + (i * j) % 13) % n], ' ') from generate_series(1, 150) j),
            lang, case when lang = 'pt' then 'Outros' else 'Others' end, true, now() - make_interval(hours => i), 'bench'
       from generate_series(1, $3) i,
            lateral (select case when i % 2 = 0 then 'pt' else 'en' end as lang) l,
            lateral (select case when l.lang = 'pt' then $1::text[] else $2::text[] end as w) v,
            lateral (select array_length(v.w, 1) as n) c`,
    [PT_WORDS, EN_WORDS, POSTS],
  );
  const postsMade = performance.now() - start;
  start = performance.now();
  await db.query(
    `with made as (
       insert into public.clips (kind, url, title, outlet, summary, language, published_on, show_archive)
       select 'web', 'https://bench.example/' || i,
              (select string_agg(w[1 + (i * 7 + j * 13 + i / 5) % n], ' ') from generate_series(1, 8) j),
              (array['Folha de S.Paulo', 'O Globo', 'Estadão', 'Valor Econômico', 'Reuters', 'The Guardian'])[1 + i % 6],
              (select string_agg(w[1 + (i * 3 + j * 19 + i / 11) % n], ' ') from generate_series(1, 30) j),
              lang, (now() - make_interval(days => i))::date, i % 2 = 0
         from generate_series(1, $3) i,
              lateral (select case when i % 3 = 0 then 'en' else 'pt' end as lang) l,
              lateral (select case when l.lang = 'pt' then $1::text[] else $2::text[] end as w) v,
              lateral (select array_length(v.w, 1) as n) c
       returning id, language)
     insert into public.clip_copies (clip_id, text_markdown, fetched_at)
     select m.id, (select string_agg(w[1 + (abs(hashtext(m.id::text)) + j * 23) % n], ' ') from generate_series(1, 300) j), now()
       from made m,
            lateral (select case when m.language = 'pt' then $1::text[] else $2::text[] end as w) v,
            lateral (select array_length(v.w, 1) as n) c`,
    [PT_WORDS, EN_WORDS, CLIPS],
  );
  const clipsMade = performance.now() - start;
  return { postsMade, clipsMade };
}

export async function benchSearch(server: RunningServer, serverStartedAt = performance.now()): Promise<void> {
  startedAt = serverStartedAt;
  const db = server.db;
  console.log(`\nSearch (issue 44): ${POSTS.toLocaleString('en')} posts and ${CLIPS.toLocaleString('en')} clips, ${db.kind}`);
  const { postsMade, clipsMade } = await fillForSearch(db);
  // As the site is the morning after: PGlite's nightly VACUUM (ANALYZE) (server/db/maintenance.ts); PostgreSQL's autovacuum analyses it.
  const vacuum = server.maintenance ? await server.maintenance.runNow() : undefined;
  if (!server.maintenance) {
    for (const table of ['public.blog_posts', 'public.clips', 'public.clip_copies', 'search.posts', 'search.clips']) await db.query(`analyze ${table}`);
  }
  const [size] = (
    await db.query<{ posts: string; clips: string }>(
      `select pg_size_pretty(pg_total_relation_size('search.posts')) as posts, pg_size_pretty(pg_total_relation_size('search.clips')) as clips`,
    )
  ).rows;
  console.log(
    `  written with their index in ${(postsMade / 1000).toFixed(1)} s (posts, ${(postsMade / POSTS).toFixed(2)} ms each) and ` +
      `${(clipsMade / 1000).toFixed(1)} s (clips with copies); index ${size!.posts} (posts), ${size!.clips} (clips)` +
      (vacuum === undefined ? '' : `; the nightly vacuum took ${(vacuum.ms / 1000).toFixed(1)} s over ${vacuum.tables} tables, the longest ${vacuum.longest?.table} ${((vacuum.longest?.ms ?? 0) / 1000).toFixed(1)} s`),
  );

  const headers = { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}`, 'Content-Type': 'application/json' };
  const viaHttp = (q: string) => async () => {
    const res = await fetch(`${server.url}/rest/v1/rpc/search_site`, { method: 'POST', headers, body: JSON.stringify({ q, lang: 'pt', page: 1 }) });
    if (!res.ok) throw new Error(`search_site answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const viaSql = (q: string) => () => db.query(`select * from public.search_site($1, 'pt', 1)`, [q]);
  const viaPage = (q: string) => async () => {
    const res = await fetch(`${server.url}/pt/busca?q=${encodeURIComponent(q)}`);
    if (res.status !== 200) throw new Error(`/pt/busca answered ${res.status}`);
    return res.text();
  };

  console.log(`  query (median / p95 of ${SAMPLES})              results  HTTP, anon + RLS    raw SQL, owner      whole /pt/busca page`);
  const pages: number[] = [];
  for (const q of QUERIES) {
    const [first] = (await db.query<{ total: string; other_total: string }>(`select total, other_total from public.search_site($1, 'pt', 1) limit 1`, [q])).rows;
    const http = await sample(viaHttp(q), `${q} (HTTP)`);
    const sql = await sample(viaSql(q), `${q} (raw SQL)`);
    const page = await sample(viaPage(q), `${q} (page)`);
    pages.push(...page);
    const found = `${first?.total ?? 0}+${first?.other_total ?? 0}`;
    console.log(`  ${q.padEnd(42)}${found.padStart(11)}  ${fmt(http).padEnd(20)}${fmt(sql).padEnd(20)}${fmt(page)}`);
  }
  console.log(`  /pt/busca over every query: p95 ${pct(pages, 0.95).toFixed(1)} ms (target ≤ 100 ms), median ${pct(pages, 0.5).toFixed(1)} ms`);
  console.log(stalls.length ? `  samples over 1 s (${stalls.length}):\n${stalls.map((s) => `    ${s}`).join('\n')}` : '  no sample over 1 s');
  await db.query(`delete from public.clips where url like 'https://bench.example/%'`);
  await db.query(`delete from public.blog_posts where read_time = 'bench'`);
}
