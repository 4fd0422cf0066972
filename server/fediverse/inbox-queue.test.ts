/**
 * Her inbox's queue in the database (issue 45): what the inbox kept is
 * handled once, oldest first, and survives a worker that dies half-way; an
 * idle look writes nothing. What goes through it end to end (signed
 * activities from another server): tests/integration/fediverse*.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { copyPgliteTemplate } from '../db/testing/templates.ts';
import { DatabaseMessageQueue, MAX_TAKEN, MAX_WAITING_PER_SENDER } from './inbox-queue.ts';

let db: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fediverse-inbox-queue-'));
  const migrationsDir = path.join(PROJECT_ROOT, 'supabase', 'migrations');
  await copyPgliteTemplate(dataDir, { migrationsDir });
  ({ db } = await openDatabase({ dataDir, migrationsDir }));
}, 60_000);

afterAll(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(async () => {
  await db.query(`delete from private.fediverse_inbox_queue`);
});

const left = async () => (await db.query<{ n: number }>(`select count(*)::int as n from private.fediverse_inbox_queue`)).rows[0]!.n;

it('hands each kept message to the handler once, in the order kept, and keeps none once handled', async () => {
  const queue = new DatabaseMessageQueue(db);
  // One actor's activities: handled in the order they came.
  const from = (n: number) => ({ activity: { actor: 'https://social.example/users/bob' }, n });
  await queue.enqueueMany([from(1), from(2)]);
  await queue.enqueue(from(3));
  const seen: unknown[] = [];
  expect(await queue.runDue((m) => void seen.push(m))).toBe(3);
  expect(seen).toEqual([from(1), from(2), from(3)]);
  expect(await left()).toBe(0);
  expect(await queue.runDue((m) => void seen.push(m))).toBe(0);
});

it('keeps a delayed message until its time', async () => {
  const queue = new DatabaseMessageQueue(db);
  const { Temporal } = await import('@js-temporal/polyfill');
  await queue.enqueue({ later: true }, { delay: Temporal.Duration.from({ hours: 1 }) as never });
  expect(await queue.runDue(() => {})).toBe(0);
  expect(await left()).toBe(1);
});

it('a message a dead worker had taken is taken again: at once by the next embedded start, by others when its lease lapses', async () => {
  const dead = new DatabaseMessageQueue(db, { leaseMs: 60_000 });
  await dead.enqueue({ follow: 'bob' });
  // Killed while handling: the handler never returns, the row stays taken.
  void dead.runDue(() => new Promise(() => {})); // never settles: this queue object is abandoned
  await expect.poll(async () => (await db.query(`select 1 from private.fediverse_inbox_queue where claimed_until > now()`)).rows.length).toBe(1);

  const other = new DatabaseMessageQueue(db);
  expect(await other.runDue(() => {})).toBe(0);

  const restarted = new DatabaseMessageQueue(db, { exclusive: true });
  const seen: unknown[] = [];
  expect(await restarted.runDue((m) => void seen.push(m))).toBe(1);
  expect(seen).toEqual([{ follow: 'bob' }]);
  expect(await left()).toBe(0);
});

it('tries a failing message again later, and drops it after its last try, saying so', async () => {
  const lines: string[] = [];
  const queue = new DatabaseMessageQueue(db, { log: (l) => lines.push(l) });
  await queue.enqueue({ broken: true });
  const fail = () => {
    throw new Error('remote actor gone');
  };
  expect(await queue.runDue(fail)).toBe(1);
  expect(await left()).toBe(1);
  expect(await queue.runDue(fail)).toBe(0); // not due again yet
  for (let taken = 2; taken <= MAX_TAKEN; taken++) {
    await db.query(`update private.fediverse_inbox_queue set not_before = now()`);
    expect(await queue.runDue(fail)).toBe(1);
  }
  expect(await left()).toBe(0);
  expect(lines).toEqual([`fediverse: an inbox message failed ${MAX_TAKEN} times and is dropped: remote actor gone`]);
});

it('takes messages of one ordering key one at a time, oldest first, and others beside them', async () => {
  const queue = new DatabaseMessageQueue(db);
  await queue.enqueue({ step: 'create' }, { orderingKey: 'note-1' });
  await queue.enqueue({ step: 'delete' }, { orderingKey: 'note-1' });
  await queue.enqueue({ step: 'other' }, { orderingKey: 'note-2' });
  const seen: { step: string }[] = [];
  let release!: () => void;
  const held = queue.runDue((m) => {
    seen.push(m as { step: string });
    return (m as { step: string }).step === 'create' ? new Promise<void>((r) => (release = r)) : undefined;
  });
  // While the create is being handled, another key's message is handled beside it; the delete waits.
  await expect.poll(() => seen.length).toBe(2);
  expect(seen).toEqual(expect.arrayContaining([{ step: 'create' }, { step: 'other' }]));
  expect(await new DatabaseMessageQueue(db).runDue(() => {})).toBe(0);
  release();
  await held;
  expect(seen.at(-1)).toEqual({ step: 'delete' });
});

it('counts what each server has waiting, so her inbox can tell a flooding one to wait', async () => {
  const queue = new DatabaseMessageQueue(db);
  const from = (host: string, n: number) => ({ activity: { actor: { id: `https://${host}/users/x${n}` } }, n });
  await queue.enqueueMany(Array.from({ length: MAX_WAITING_PER_SENDER }, (_, n) => from('flood.example', n)));
  await queue.enqueue(from('calm.example', 0));
  expect(await queue.senderIsFull('flood.example')).toBe(true);
  expect(await queue.senderIsFull('calm.example')).toBe(false);
});

it('drops a message whose takers all died on it, saying so', async () => {
  const lines: string[] = [];
  const queue = new DatabaseMessageQueue(db, { exclusive: true, log: (l) => lines.push(l) });
  await queue.enqueue({ heavy: true });
  await db.query(`update private.fediverse_inbox_queue set taken = $1`, [MAX_TAKEN]);
  const seen: unknown[] = [];
  expect(await queue.runDue((m) => void seen.push(m))).toBe(1);
  expect(seen).toEqual([]);
  expect(await left()).toBe(0);
  expect(lines).toEqual([`fediverse: an inbox message was taken ${MAX_TAKEN} times without being handled and is dropped`]);
});

it('an idle look writes nothing to the embedded database', async () => {
  const queue = new DatabaseMessageQueue(db, { exclusive: true });
  const before = db.writes!;
  for (let i = 0; i < 10; i++) await queue.runDue(() => {});
  expect(db.writes).toBe(before);
});

it('listen handles what is kept while it listens, woken at once, and ends when told', async () => {
  const queue = new DatabaseMessageQueue(db, { pollMs: 60_000 });
  const stop = new AbortController();
  const seen: unknown[] = [];
  const listening = queue.listen((m) => void seen.push(m), { signal: stop.signal });
  await queue.enqueue({ reply: 1 });
  await expect.poll(() => seen, { timeout: 2_000 }).toEqual([{ reply: 1 }]);
  await queue.settled();
  stop.abort();
  await listening;
  expect(await left()).toBe(0);
});
