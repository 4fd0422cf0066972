/**
 * The delivery worker's idle looks on the embedded database (issue 45). It
 * looks every second; every UPDATE or DELETE there counts as a write, even
 * one that changes no row, and that count tells kept pages and the
 * publication clock to look again (server/site/content-version.ts,
 * server/publication/clock.ts). A claim every second with nothing to send
 * kept both busy all day, as the mail worker's once did (its own test:
 * server/mail/worker.test.ts). What it sends: tests/integration/fediverse*.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { copyPgliteTemplate } from '../db/testing/templates.ts';
import { createPublicFetch, type PublicFetch } from '../outbound/public-fetch.ts';
import { startDeliveryWorker, type DeliveryWorker } from './delivery.ts';
import { accountKeys } from './keys.ts';

let db: Database;
let dataDir: string;
let publicFetch: PublicFetch;
const workers: DeliveryWorker[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fediverse-delivery-'));
  const migrationsDir = path.join(PROJECT_ROOT, 'supabase', 'migrations');
  // A copy of the migrated schema (decision 260).
  await copyPgliteTemplate(dataDir, { migrationsDir });
  ({ db } = await openDatabase({ dataDir, migrationsDir }));
  publicFetch = createPublicFetch({ timeoutMs: 1_000, maxBytes: 1024, methods: ['GET', 'HEAD', 'POST'] });
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await publicFetch.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = (exclusive: boolean) => {
  const lines: string[] = [];
  const worker = startDeliveryWorker({ db, publicFetch, keys: accountKeys(db), origin: 'https://helena.example', idleMs: 10, exclusive, log: (l) => lines.push(l) });
  workers.push(worker);
  return { worker, lines };
};

it('an idle delivery worker writes nothing: the embedded database counts no write while nothing is due', async () => {
  const { worker, lines } = start(true);
  // Its first look announces the seeded public posts (to no follower yet): that writes.
  await worker.drain();
  const before = db.writes!;
  expect(before).toBeGreaterThan(0);
  for (let i = 0; i < 20; i++) await worker.drain();
  expect(db.writes).toBe(before);

  // A delivery queued for an hour from now is not due: the looks still write nothing.
  await db.query(`insert into private.fediverse_outbox (id, language, type, body) values ('urn:test:later', 'pt', 'Create', '{}')`);
  await db.query(
    `insert into private.fediverse_deliveries (activity_id, inbox, next_attempt_at) values ('urn:test:later', 'https://social.example/inbox', now() + interval '1 hour')`,
  );
  const afterInsert = db.writes!;
  expect(afterInsert).toBe(before + 2);
  for (let i = 0; i < 10; i++) await worker.drain();
  expect(db.writes).toBe(afterInsert);
  expect(lines).toEqual([]);
  await worker.stop();

  // Started again as the database's only worker: no claim left to release, nothing written.
  const again = start(true);
  for (let i = 0; i < 5; i++) await again.worker.drain();
  expect(db.writes).toBe(afterInsert);
  expect(again.lines).toEqual([]);
});

it('compares the posts with what followers were told only when the content changed, not at every idle look', async () => {
  const enqueues: number[] = [];
  // The worker's database, counting its calls of the comparison (300-900 ms with 20,000 posts on PGlite).
  const counting = Object.create(db, {
    query: { value: (sql: string, params?: unknown[]) => (/fediverse_enqueue_due/.test(sql) && enqueues.push(Date.now()), db.query(sql, params)) },
  }) as Database;
  const worker = startDeliveryWorker({ db: counting, publicFetch, keys: accountKeys(db), origin: 'https://helena.example', idleMs: 10, log: () => {} });
  workers.push(worker);
  await worker.drain();
  const first = enqueues.length;
  expect(first).toBeGreaterThan(0);
  // About thirty idle looks, nothing saved meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(enqueues.length).toBe(first);

  // A post made public: the next idle look (no wake, no drain) tells its followers.
  const [post] = (await db.query<{ id: string }>(
    `insert into public.blog_posts (title, language, category, published, date) values ('Publicado agora', 'pt', 'Outros', true, now() - interval '1 minute') returning id`,
  )).rows;
  await expect.poll(async () => (await db.query(`select 1 from private.fediverse_outbox where post_id = $1 and type = 'Create'`, [post!.id])).rows.length, { timeout: 5_000 }).toBe(1);
  expect(enqueues.length).toBe(first + 1);
  await worker.stop();
});
