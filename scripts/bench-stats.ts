/**
 * `npm run bench` (BENCH_ONLY=stats alone): the admin's "Estatísticas" at
 * scale (issue 27). 10,000 published posts and a year of daily rows (by
 * default 1,000 rows a day: 400 pages read each day, by referrer, language
 * and device; BENCH_STATS_ROWS_PER_DAY changes it), then each read the tab
 * makes for 7, 30 and 90 days, through the HTTP API as she calls it (JWT,
 * row level security), beside the same function called as raw SQL by the
 * database owner in the same run (the baseline). Then what one reader's
 * beacon costs. Median of SAMPLES; printed, never asserted.
 */
import type { RunningServer } from '../server/index.ts';
import { signUpAdmin } from './bench-admin-check.ts';

const POSTS = 10_000;
const DAYS = 365;
const ROWS_PER_DAY = Number(process.env.BENCH_STATS_ROWS_PER_DAY ?? 1000);
const SAMPLES = 7;
const BEACONS = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function sampled(task: () => Promise<unknown>): Promise<number> {
  await task();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function benchStats(server: RunningServer): Promise<void> {
  const db = server.db;
  console.log(`\nReading statistics (issue 27): ${POSTS.toLocaleString('en')} posts, ${DAYS} days × ${ROWS_PER_DAY} daily rows, PGlite`);
  let start = performance.now();
  await db.query(
    `insert into public.blog_posts (title, language, content, published, date)
     select 'Estatística ' || i, case when i % 3 = 0 then 'en' else 'pt' end, 'Texto.', true, now() - make_interval(days => i % 1500)
       from generate_series(1, $1) i`,
    [POSTS],
  );
  const [{ ids }] = (await db.query<{ ids: string[] }>(`select array_agg(id::text order by date desc) as ids from public.blog_posts where title like 'Estatística %'`)).rows as [{ ids: string[] }];
  // Each day: rows of the newest posts and a long tail, spread over referrers, languages and devices.
  const referrers = ['direto', 'google.com', 't.co', 'linkedin.com', 'newsletter', 'facebook.com', 'bing.com', 'duckduckgo.com'];
  await db.query(
    `insert into public.stats_daily (day, page, referrer, language, device, views, visitors)
     select distinct on (day, page, referrer, language, device) day, page, referrer, language, device, views, visitors from (
       select public.site_today() - d as day,
              ($1::text[])[1 + ((r * 7919 + d * 104729) % least(array_length($1::text[], 1), 400 + (r % 9) * 1000))] as page,
              ($2::text[])[1 + (r % array_length($2::text[], 1))] as referrer,
              case when r % 4 = 0 then 'en' else 'pt' end as language,
              case when r % 5 < 3 then 'mobile' else 'desktop' end as device,
              1 + (r % 17) as views, 1 + (r % 17) / 2 as visitors
         from generate_series(0, $3 - 1) d, generate_series(1, $4) r) rows
     on conflict do nothing`,
    [ids, referrers, DAYS, ROWS_PER_DAY],
  );
  await db.query(
    `insert into public.stats_site_daily (day, views, visitors)
     select day, sum(views), sum(visitors) / 2 from public.stats_daily group by day
     on conflict (day) do update set views = excluded.views, visitors = excluded.visitors`,
  );
  await db.query(
    `insert into public.stats_sources_daily (day, kind, value, views, visitors)
     select day, kind, value, sum(views), sum(visitors)
       from public.stats_daily, lateral (values ('referrer', referrer), ('language', language), ('device', device)) v(kind, value)
      group by day, kind, value`,
  );
  await db.query('analyze public.stats_daily');
  await db.query('analyze public.stats_sources_daily');
  await db.query('analyze public.stats_site_daily');
  const [{ rows, size }] = (
    await db.query<{ rows: number; size: string }>(
      `select count(*)::int as rows, pg_size_pretty(pg_total_relation_size('public.stats_daily')) as size from public.stats_daily`,
    )
  ).rows as [{ rows: number; size: string }];
  console.log(`  ${rows.toLocaleString('en')} rows in stats_daily (${size}), made in ${((performance.now() - start) / 1000).toFixed(1)} s`);

  const admin = await signUpAdmin(server);
  const rpc = (fn: string, args: Record<string, unknown>) => async () => {
    const res = await fetch(`${server.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: server.anonKey, Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    if (!res.ok) throw new Error(`${fn} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const sql = (query: string, params: unknown[]) => () => db.query(query, params);
  const post = ids[0]!;
  const reads: [string, () => Promise<unknown>, () => Promise<unknown>][] = [];
  for (const days of [7, 30, 90]) {
    reads.push([`stats_days(${days})`, rpc('stats_days', { days }), sql('select * from public.stats_days($1)', [days])]);
    reads.push([`stats_pages(${days}, 10)`, rpc('stats_pages', { days, max: 10 }), sql('select * from public.stats_pages($1, 10)', [days])]);
    reads.push([`stats_sources(${days})`, rpc('stats_sources', { days }), sql('select * from public.stats_sources($1)', [days])]);
  }
  reads.push(['stats_post_days(newest post)', rpc('stats_post_days', { post }), sql('select * from public.stats_post_days($1)', [post])]);
  reads.push(['stats_sources(3660, that post)', rpc('stats_sources', { days: 3660, post }), sql('select * from public.stats_sources(3660, $1)', [post])]);
  console.log('  read (median of 7)                    her call, HTTP + RLS   baseline, raw SQL as owner');
  let slowest = 0;
  for (const [name, http, raw] of reads) {
    const viaHttp = await sampled(http);
    const viaSql = await sampled(raw);
    slowest = Math.max(slowest, viaHttp);
    console.log(`  ${name.padEnd(38)}${`${viaHttp.toFixed(1)} ms`.padStart(10)}${`${viaSql.toFixed(1)} ms`.padStart(26)}`);
  }
  const tab90 = await sampled(() => Promise.all([rpc('stats_days', { days: 90 })(), rpc('stats_pages', { days: 90, max: 10 })(), rpc('stats_sources', { days: 90 })()]));
  console.log(`  the tab's three reads at once, 90 days: ${tab90.toFixed(1)} ms; slowest single read ${slowest.toFixed(1)} ms (target < 200 ms)`);

  start = performance.now();
  for (let i = 0; i < BEACONS; i++) {
    await db.query(
      `with request as materialized (select set_config('request.headers', $1, true) as headers)
       select public.record_view($2, 'google.com') from request`,
      [JSON.stringify({ 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}`, 'user-agent': `Mozilla/5.0 bench ${i}` }), ids[i % 50]],
    );
  }
  const beacon = (performance.now() - start) / BEACONS;
  start = performance.now();
  for (let i = 0; i < BEACONS; i++) {
    await db.query(
      `insert into public.stats_site_daily as s (day, views) values (public.site_today(), 1)
       on conflict (day) do update set views = s.views + 1`,
    );
  }
  const upsert = (performance.now() - start) / BEACONS;
  console.log(`  one beacon, record_view as SQL: ${beacon.toFixed(2)} ms; baseline, one bare upsert of a counter: ${upsert.toFixed(2)} ms`);
  for (const cleanup of ['delete from public.stats_daily', 'delete from public.stats_site_daily', 'delete from public.stats_sources_daily', `delete from public.blog_posts where title like 'Estatística %'`]) {
    await db.query(cleanup);
  }
}
