/**
 * What private.stats_views costs per view on PGlite in its thread (issue 42,
 * decision 280): batches of N views from distinct readers, and for
 * comparison record_view one call at a time, on a copy of the migrated
 * schema. `npm exec -- tsx scripts/profile-views-batch.ts [N]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { copyPgliteTemplate } from '../server/db/testing/templates.ts';

const MIGRATIONS = path.join(PROJECT_ROOT, 'supabase', 'migrations');
const N = Number(process.argv[2] ?? 75);
const dataDir = mkdtempSync(path.join(tmpdir(), 'profile-views-'));
await copyPgliteTemplate(dataDir, { migrationsDir: MIGRATIONS });
const { db } = await openDatabase({ dataDir, migrationsDir: MIGRATIONS });
const [post] = (await db.query<{ id: string }>(`insert into public.blog_posts (title, language, content, published, date) values ('Lido', 'pt', 'x', true, now() - interval '1 day') returning id`)).rows;
let reader = 0;
const batch = () =>
  JSON.stringify(Array.from({ length: N }, () => {
    reader++;
    return { page: post!.id, referrer: 't.co', headers: { 'user-agent': `Mozilla/5.0 (leitor ${reader}) Chrome/131.0`, 'x-forwarded-for': `10.${reader >> 16 & 255}.${reader >> 8 & 255}.${reader & 255}` }, at: new Date().toISOString() };
  }));
await db.query('select private.stats_views($1::jsonb)', [batch()]);
const times: number[] = [];
for (let i = 0; i < 20; i++) {
  const b = batch();
  const t = performance.now();
  await db.query('select private.stats_views($1::jsonb)', [b]);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(`stats_views, ${N} views a batch: median ${times[10]!.toFixed(1)} ms, ${(times[10]! / N * 1000).toFixed(0)} µs a view`);
const one: number[] = [];
for (let i = 0; i < 200; i++) {
  reader++;
  const t = performance.now();
  await db.batch([{ sql: 'select public.record_view($1, $2)', params: [post!.id, 't.co'] }], {
    settings: [['role', 'anon'], ['request.jwt.claims', '{"role":"anon"}'], ['request.headers', JSON.stringify({ 'user-agent': `Mozilla/5.0 (leitor ${reader}) Chrome/131.0`, 'x-forwarded-for': `10.${reader >> 16 & 255}.${reader >> 8 & 255}.${reader & 255}` })]],
  });
  one.push(performance.now() - t);
}
one.sort((a, b) => a - b);
console.log(`record_view, one call in its own transaction: median ${one[100]!.toFixed(2)} ms`);
await db.close();
rmSync(dataDir, { recursive: true, force: true });
