/**
 * `npm run bench` (BENCH_ONLY=revisions alone): what keeping every version
 * costs (issue 26). A 6,000-word post is saved SAVES times with the revision
 * trigger, then as many times with the trigger disabled on the same database
 * in the same run (the baseline: the save as it was before); printed: both
 * rates, the ratio, and what the history takes on disk. Then a review link's
 * read, review_post(token), beside the same post read by its primary key.
 */
import type { RunningServer } from '../server/index.ts';

const SAVES = Number(process.env.BENCH_SAVES ?? 300);
const READS = Number(process.env.BENCH_SAVES ?? 300) * 4;

async function timed(n: number, task: (i: number) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) await task(i);
  return performance.now() - start;
}

export async function benchRevisions(server: RunningServer): Promise<void> {
  const db = server.db;
  const words = Array.from({ length: 6000 }, (_, i) => `palavra${i % 97}`).join(' ');
  const [post] = (
    await db.query<{ id: string }>(
      `insert into public.blog_posts (title, language, content) values ('Bench de versões', 'pt', $1) returning id`,
      [words],
    )
  ).rows;
  const save = (i: number) => db.query(`update public.blog_posts set content = $2 where id = $1`, [post!.id, `${words} ${i}`]);

  console.log(`\nRevisions (issue 26): ${SAVES} saves of a 6,000-word post (${Math.round(words.length / 1024)} KB), PGlite`);
  const withHistory = await timed(SAVES, save);
  await db.query(`alter table public.blog_posts disable trigger blog_posts_keep_revision`);
  let without: number;
  try {
    without = await timed(SAVES, (i) => save(SAVES + i));
  } finally {
    await db.query(`alter table public.blog_posts enable trigger blog_posts_keep_revision`);
  }
  const [size] = (
    await db.query<{ rows: number; bytes: string }>(
      `select count(*)::int as rows, pg_size_pretty(pg_total_relation_size('public.blog_post_revisions')) as bytes
         from public.blog_post_revisions where post_id = $1`,
      [post!.id],
    )
  ).rows;
  const rate = (ms: number) => `${Math.round((SAVES / ms) * 1000)} saves/s (${(ms / SAVES).toFixed(2)} ms each)`;
  console.log(`  with the revision trigger:        ${rate(withHistory)}`);
  console.log(`  baseline, trigger disabled:       ${rate(without)}`);
  console.log(`  cost of keeping the version:      ×${(withHistory / without).toFixed(2)}`);
  console.log(`  history kept: ${size!.rows} versions, ${size!.bytes} on disk (TOAST compresses the text)`);

  const [link] = (
    await db.query<{ token: string }>(
      `select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') as token`,
    )
  ).rows;
  await db.query(
    `insert into public.blog_post_review_links (post_id, token_hash, expires_at) values ($1, sha256(convert_to($2, 'UTF8')), now() + interval '7 days')`,
    [post!.id, link!.token],
  );
  const byToken = await timed(READS, () => db.query(`select * from public.review_post($1)`, [link!.token]));
  const byId = await timed(READS, () => db.query(`select * from public.blog_posts where id = $1`, [post!.id]));
  const wrong = await timed(READS, () => db.query(`select * from public.review_post($1)`, ['0'.repeat(64)]));
  const each = (ms: number) => `${((ms / READS) * 1000).toFixed(0)} µs`;
  console.log(`  review_post(token), ${READS} reads: ${each(byToken)} each; a wrong token ${each(wrong)}; baseline, the row by id: ${each(byId)}`);
  await db.query(`delete from public.blog_posts where id = $1`, [post!.id]);
}
