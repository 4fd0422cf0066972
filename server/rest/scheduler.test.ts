import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRunawayTable, RUNAWAY } from '../db/fixtures/runaway.ts';
import { PgliteWorkerDatabase } from '../db/pglite-worker-db.ts';
import { Ticket, WithdrawnError } from '../db/ticket.ts';
import { FairScheduler } from './scheduler.ts';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

it('lets clients take turns: one client’s backlog does not hold another’s request', async () => {
  const scheduler = new FairScheduler(1, 10_000);
  const order: string[] = [];
  const first = gate();
  const busy = scheduler.run('attacker', async () => {
    order.push('attacker 1');
    await first.opened;
  });
  const rest = [2, 3, 4].map((n) => scheduler.run('attacker', async () => void order.push(`attacker ${n}`)));
  const reader = scheduler.run('reader', async () => void order.push('reader'));
  first.open();
  await Promise.all([busy, reader, ...rest]);
  expect(order).toEqual(['attacker 1', 'reader', 'attacker 2', 'attacker 3', 'attacker 4']);
});

it('runs up to its concurrency at once', async () => {
  const scheduler = new FairScheduler(2, 10_000);
  let active = 0;
  let most = 0;
  const task = async () => {
    most = Math.max(most, ++active);
    await new Promise((r) => setTimeout(r, 10));
    active--;
  };
  await Promise.all(Array.from({ length: 6 }, (_, i) => scheduler.run(`c${i % 3}`, task)));
  expect(most).toBe(2);
});

it('answers 504 PGRST003 to a request that waited too long, and forgets it', async () => {
  const scheduler = new FairScheduler(1, 50);
  const hold = gate();
  const busy = scheduler.run('a', () => hold.opened);
  const starved = scheduler.run('b', async () => 'ran');
  await expect(starved).rejects.toMatchObject({ code: 'PGRST003' });
  hold.open();
  await busy;
  expect(await scheduler.run('b', async () => 'ran')).toBe('ran');
});

it('frees its slot when a task fails', async () => {
  const scheduler = new FairScheduler(1, 1000);
  await expect(scheduler.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(await scheduler.run('a', async () => 'next')).toBe('next');
});

/**
 * A stand-in for PGlite's thread: one task runs, the others wait in it, each
 * bound to its ticket so it can be given back until it starts.
 */
function lane() {
  const line: { name: string; start: () => void }[] = [];
  let busy = false;
  const ran: string[] = [];
  const next = () => {
    const first = line.shift();
    if (!first) return void (busy = false);
    busy = true;
    first.start();
  };
  function run(name: string, ticket: Ticket, work: Promise<unknown> = Promise.resolve()): Promise<string> {
    return new Promise((resolve, reject) => {
      const entry = {
        name,
        start: () => {
          ticket.bind(undefined);
          ran.push(name);
          void work.then(() => {
            resolve(name);
            next();
          });
        },
      };
      ticket.bind(() => {
        const i = line.indexOf(entry);
        if (i < 0) return false;
        line.splice(i, 1);
        reject(new WithdrawnError());
        return true;
      });
      line.push(entry);
      if (!busy) next();
    });
  }
  return { run, ran };
}

it('takes back a task still waiting in the database when a client with an earlier claim arrives (PGlite: one runs, one waits)', async () => {
  const scheduler = new FairScheduler(2, 10_000);
  const db = lane();
  const hold = gate();
  const first = scheduler.run('attacker', (t) => db.run('attacker 1', t, hold.opened));
  const second = scheduler.run('attacker', (t) => db.run('attacker 2', t));
  await Promise.resolve();
  const reader = scheduler.run('reader', (t) => db.run('reader', t));
  hold.open();
  expect(await Promise.all([first, second, reader])).toEqual(['attacker 1', 'attacker 2', 'reader']);
  expect(db.ran).toEqual(['attacker 1', 'reader', 'attacker 2']);
});

it('does not take back a client’s own waiting task for its next one', async () => {
  const scheduler = new FairScheduler(2, 10_000);
  const db = lane();
  const hold = gate();
  const runs = [1, 2, 3].map((n) => scheduler.run('reader', (t) => db.run(`reader ${n}`, t, n === 1 ? hold.opened : undefined)));
  await Promise.resolve();
  hold.open();
  await Promise.all(runs);
  expect(db.ran).toEqual(['reader 1', 'reader 2', 'reader 3']);
});

it('counts a taken-back task’s wait from its arrival, not from when it was queued again', async () => {
  vi.useFakeTimers();
  try {
    const scheduler = new FairScheduler(2, 100);
    const db = lane();
    const hold = gate();
    const first = scheduler.run('attacker', (t) => db.run('attacker 1', t, hold.opened));
    let outcome = 'waiting';
    const second = scheduler.run('attacker', (t) => db.run('attacker 2', t)).then(
      () => (outcome = 'ran'),
      (e: { code?: string }) => (outcome = e.code ?? 'failed'),
    );
    await vi.advanceTimersByTimeAsync(60);
    // The reader's turn comes first: attacker 2 is taken back and waits again, 60 ms into its 100.
    const reader = scheduler.run('reader', (t) => db.run('reader', t, hold.opened));
    await vi.advanceTimersByTimeAsync(45);
    expect(outcome).toBe('PGRST003');
    hold.open();
    await Promise.all([first, reader, second]);
    expect(db.ran).toEqual(['attacker 1', 'reader']);
  } finally {
    vi.useRealTimers();
  }
});

it('keeps every place for a task that takes them all when its client’s turn comes: nothing else starts until it ends', async () => {
  const scheduler = new FairScheduler(2, 10_000);
  const db = lane();
  const hold = gate();
  const order: string[] = [];
  const first = scheduler.run('attacker', (t) => db.run('attacker 1', t, hold.opened));
  const second = scheduler.run('attacker', (t) => db.run('attacker 2', t));
  await Promise.resolve();
  // A render: every place, so that no other client's statement starts between its reads.
  const render = scheduler.run(
    'reader',
    async () => {
      order.push('render begins');
      await new Promise((r) => setTimeout(r, 20));
      order.push('render ends');
    },
    Infinity,
  );
  // Another client, whose turn comes after the reader's: it must not take the place attacker 2 gave back.
  await Promise.resolve();
  const other = scheduler.run('other', async () => void order.push('other'));
  await new Promise((r) => setTimeout(r, 20));
  expect(order).toEqual([]);
  hold.open();
  await Promise.all([first, second, render, other]);
  expect(order).toEqual(['render begins', 'render ends', 'other']);
  // The attacker's waiting statement was given back for the render, and ran after it.
  expect(db.ran).toEqual(['attacker 1', 'attacker 2']);
});

it('frees the places it kept for a task that gave up waiting', async () => {
  vi.useFakeTimers();
  try {
    const scheduler = new FairScheduler(2, 100);
    const hold = gate();
    const busy = scheduler.run('a', () => hold.opened);
    const all = scheduler.run('b', async () => 'all', 2).catch((e: { code?: string }) => e.code);
    // Its turn: the free place is kept for it, so c waits.
    let ran = false;
    const c = scheduler.run('c', async () => void (ran = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(ran).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(await all).toBe('PGRST003');
    await c;
    expect(ran).toBe(true);
    hold.open();
    await busy;
  } finally {
    vi.useRealTimers();
  }
});

it('gives a task that takes every place no more turns than its client’s share', async () => {
  const scheduler = new FairScheduler(2, 10_000);
  const order: string[] = [];
  const hold = gate();
  const busy = scheduler.run('reader', () => hold.opened);
  const pages = [1, 2].map((n) => scheduler.run('flooder', async () => void order.push(`flooder page ${n}`), Infinity));
  const reads = [1, 2].map((n) => scheduler.run('reader', async () => void order.push(`reader ${n}`)));
  hold.open();
  await Promise.all([busy, ...pages, ...reads]);
  expect(order).toEqual(['flooder page 1', 'reader 1', 'flooder page 2', 'reader 2']);
});

describe('on the embedded database, with its thread', () => {
  let dir: string;
  let db: PgliteWorkerDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'scheduler-'));
    db = await PgliteWorkerDatabase.open(dir);
    await createRunawayTable(db, 3);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a reader waits behind one runaway statement, not two', async () => {
    const scheduler = new FairScheduler(2, 10_000);
    const ended: string[] = [];
    const read = (client: string, sql: string, name: string) =>
      scheduler
        .run(client, (ticket) => db.batch([{ sql }], { ticket, readOnly: true, statementTimeoutMs: 800 }))
        .then(() => name, (e: { code?: string }) => `${name} ${e.code}`)
        .then((outcome) => void ended.push(outcome));
    const attacks = [1, 2, 3].map((n) => read('attacker', RUNAWAY, `attack ${n}`));
    await new Promise((r) => setTimeout(r, 100));
    const reader = read('reader', 'select 1', 'reader');
    await Promise.all([...attacks, reader]);
    expect(ended).toEqual(['attack 1 57014', 'reader', 'attack 2 57014', 'attack 3 57014']);
  });
});
