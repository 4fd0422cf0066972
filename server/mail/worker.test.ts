/**
 * The mail worker's idle looks on the embedded database. Every UPDATE there
 * counts as a write, even one that changes no row, and the count is what
 * tells the site whether a kept page is still current without a query and
 * the publication clock whether to look again (server/site/content-version.ts,
 * server/publication/clock.ts). A claim every second with nothing to send
 * kept both busy all day, and made a reader's kept page wait for a turn at
 * the database behind an attacker's runaway statements
 * (tests/integration/availability.test.ts). What it sends:
 * tests/integration/newsletter-*.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { copyPgliteTemplate } from '../db/testing/templates.ts';
import { createMemoryTransport } from './transport/memory.ts';
import { NOT_A_MAILBOX, startMailWorker, type MailWorker } from './worker.ts';

let db: Database;
let dataDir: string;
let worker: MailWorker | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mail-worker-'));
  const migrationsDir = path.join(PROJECT_ROOT, 'supabase', 'migrations');
  // A copy of the migrated schema (decision 260).
  await copyPgliteTemplate(dataDir, { migrationsDir });
  ({ db } = await openDatabase({ dataDir, migrationsDir }));
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('an idle worker writes nothing: the embedded database counts no write while nothing is due', async () => {
  const transport = createMemoryTransport();
  const before = db.writes!;
  expect(before).toBeGreaterThan(0);
  worker = startMailWorker({
    db,
    transport,
    site: { siteUrl: 'http://127.0.0.1:1', from: { name: 'Helena Duarte', address: 'noreply@helena.example' } },
    ratePerMinute: 100_000,
    idleMs: 10,
    exclusive: true,
  });
  // Its start (no claim left by a killed run to release) and first look, then twenty more.
  await worker.drain();
  expect(db.writes).toBe(before);
  for (let i = 0; i < 20; i++) await worker.drain();
  expect(db.writes).toBe(before);
  expect(transport.sent).toHaveLength(0);

  // A write (a row queued for later) is still counted; the looks after it again write nothing.
  await db.query(
    `insert into private.mail_queue (kind, recipient, payload, next_attempt_at) values ('newsletter_test', 'later@example.com', '{}', now() + interval '1 hour')`,
  );
  const afterInsert = db.writes;
  expect(afterInsert).toBe(before + 1);
  for (let i = 0; i < 5; i++) await worker.drain();
  expect(db.writes).toBe(afterInsert);
});

it('sends nothing to a recipient that is not one mailbox address, whatever wrote the row', async () => {
  // Issue 41, defect 5: nodemailer read `x<attacker@evil.test>.y` as attacker@evil.test. The database refuses such
  // an address now; a row written around it (a queue older than the rule, a hand-made insert) is refused here too.
  await worker?.stop();
  const transport = createMemoryTransport();
  const rows = await db.query<{ id: string; recipient: string }>(
    `insert into private.mail_queue (kind, recipient, payload)
     select 'auth', r, '{"subject": "Oi", "text": "Olá."}'::jsonb from unnest($1::text[]) r returning id::text, recipient`,
    [['x<attacker@evil.test>.y', 'root,victim@example.com', 'ana+tag@mail.example.com']],
  );
  worker = startMailWorker({
    db,
    transport,
    site: { siteUrl: 'http://127.0.0.1:1', from: { name: 'Helena Duarte', address: 'noreply@helena.example' } },
    ratePerMinute: 100_000,
    idleMs: 10,
    exclusive: true,
  });
  await worker.drain();
  const states = await db.query<{ recipient: string; state: string; last_error: string | null }>(
    `select recipient, state, last_error from private.mail_queue where id = any($1::bigint[]) order by id`,
    [rows.rows.map((r) => r.id)],
  );
  expect(states.rows).toEqual([
    { recipient: 'x<attacker@evil.test>.y', state: 'failed', last_error: NOT_A_MAILBOX },
    { recipient: 'root,victim@example.com', state: 'failed', last_error: NOT_A_MAILBOX },
    { recipient: 'ana+tag@mail.example.com', state: 'sent', last_error: null },
  ]);
  expect(transport.sent).toHaveLength(1);
  expect(transport.sent[0]!.toString()).toMatch(/^To: ana\+tag@mail\.example\.com\r$/m);
});
