/**
 * When a kept document is served and when a fresh one is awaited (issue 22,
 * finding 6; the rule is in document-cache.ts and decision 080). The
 * database is a stand-in whose turns the test opens by hand, and the clock
 * is vitest's: the rule is about what the render is waiting for, not about
 * how fast this machine is.
 */
import { DocumentCache, type DocumentSource, type Freshness } from './document-cache.ts';

const STALE_MS = 100;

/** A content version and turns at the database that begin only when the test lets them. */
function database(outsideTurn: 'read' | 'in turn' = 'read') {
  const state = { version: '1', remembered: null as string | null, queued: [] as (() => void)[], clients: [] as string[] };
  const freshness: Freshness = {
    // PostgreSQL reads the version on a spare connection; PGlite knows it without a query until a write.
    versionOutsideTurn: async () => (outsideTurn === 'read' ? state.version : state.remembered),
    versionInTurn: async () => (state.remembered = state.version),
    inTurn: (client, work) => {
      state.clients.push(client);
      return new Promise<void>((resolve) => state.queued.push(resolve)).then(work);
    },
  };
  return {
    state,
    freshness,
    write: (version: string) => {
      state.version = version;
      state.remembered = null;
    },
    /** Lets the turns asked for so far begin (the first `count` of them), one after the other. */
    beginTurns: async (count = Infinity) => {
      await vi.advanceTimersByTimeAsync(0);
      for (const begin of state.queued.splice(0, count)) {
        begin();
        await vi.advanceTimersByTimeAsync(0);
      }
    },
  };
}

const page = (body: string): DocumentSource => ({ status: 200, contentType: 'text/html', cacheControl: 'no-cache', body, compress: false, keep: true });

const text = (doc: { body: { identity?: Buffer } } | null) => doc?.body.identity?.toString();

/** A render whose end the test decides. */
function slowRender(body: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let began = false;
  return {
    render: async () => {
      began = true;
      await finished;
      return page(body);
    },
    finish,
    began: () => began,
  };
}

/** Whether a promise has settled yet, and how. */
function watch<T>(p: Promise<T>) {
  const seen: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  p.then(
    (value) => Object.assign(seen, { value, settled: true }),
    (error: unknown) => Object.assign(seen, { error, settled: true }),
  );
  return seen;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('serves a kept document whose version is current without asking for a turn', async () => {
  const db = database();
  const cache = new DocumentCache(db.freshness, { staleAfterMs: STALE_MS });
  const first = watch(cache.get('/pt', 'reader', async () => page('v1')));
  await db.beginTurns();
  expect(text(first.value!)).toBe('v1');
  expect(text(await cache.get('/pt', 'other', async () => page('never')))).toBe('v1');
  expect(db.state.clients).toEqual(['reader']);
});

it('serves the kept copy when the render has not begun its turn in time, then the new one once it is made', async () => {
  const db = database();
  const cache = new DocumentCache(db.freshness, { staleAfterMs: STALE_MS });
  const made = watch(cache.get('/pt', 'reader', async () => page('v1')));
  await db.beginTurns();
  expect(text(made.value!)).toBe('v1');

  db.write('2');
  const during = watch(cache.get('/pt', 'reader', async () => page('v2')));
  await vi.advanceTimersByTimeAsync(STALE_MS - 1);
  expect(during.settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(text(during.value!)).toBe('v1');

  // The render goes on in the background, and its page is served from then on, without another render.
  await db.beginTurns();
  expect(text(await cache.get('/pt', 'reader', async () => page('again')))).toBe('v2');
  expect(db.state.clients).toEqual(['reader', 'reader']);
});

it('waits for a render that has begun its turn, however long it takes: the next answer after a change is the new page', async () => {
  const db = database();
  const cache = new DocumentCache(db.freshness, { staleAfterMs: STALE_MS });
  void cache.get('/pt', 'reader', async () => page('v1'));
  await db.beginTurns();

  db.write('2');
  const slow = slowRender('v2');
  const during = watch(cache.get('/pt', 'reader', slow.render));
  await db.beginTurns();
  expect(slow.began()).toBe(true);
  await vi.advanceTimersByTimeAsync(10 * STALE_MS);
  expect(during.settled).toBe(false);
  slow.finish();
  await vi.advanceTimersByTimeAsync(0);
  expect(text(during.value!)).toBe('v2');
});

it('on PGlite after a write, counts the version read as part of the wait: the kept copy while the turn has not begun', async () => {
  const db = database('in turn');
  const cache = new DocumentCache(db.freshness, { staleAfterMs: STALE_MS });
  void cache.get('/pt', 'reader', async () => page('v1'));
  await db.beginTurns();

  db.write('2');
  const during = watch(cache.get('/pt', 'reader', async () => page('v2')));
  await vi.advanceTimersByTimeAsync(STALE_MS);
  expect(text(during.value!)).toBe('v1');
  await db.beginTurns();
  // Read in the turn: the version had moved, so it rendered.
  expect(text(await cache.get('/pt', 'reader', async () => page('never')))).toBe('v2');
});

it('never hands a request that came after a change a render that read the content before it', async () => {
  const db = database();
  const cache = new DocumentCache(db.freshness, { staleAfterMs: STALE_MS });
  const before = slowRender('v1');
  const first = watch(cache.get('/post/x', 'reader', before.render));
  await db.beginTurns();
  expect(before.began()).toBe(true);

  db.write('2');
  const after = watch(cache.get('/post/x', 'reader', async () => page('v2')));
  before.finish();
  await db.beginTurns();
  expect(text(first.value!)).toBe('v1');
  expect(text(after.value!)).toBe('v2');
});

it('shares a render in its turn with readers who know the same version, but not another address’s render still waiting for its turn', async () => {
  const db = database();
  const cache = new DocumentCache(db.freshness, { staleAfterMs: STALE_MS });
  let renders = 0;
  const render = async () => page(`render ${++renders}`);
  // Waiting for the flooder's turn: the reader does not wait for it, it asks for its own.
  const flooder = watch(cache.get('/pt', 'flooder', render));
  const reader = watch(cache.get('/pt', 'reader', render));
  await vi.advanceTimersByTimeAsync(0);
  expect(db.state.clients).toEqual(['flooder', 'reader']);
  await db.beginTurns(1);
  await db.beginTurns(1);
  expect([flooder.value, reader.value].every(Boolean)).toBe(true);
  // The second turn found the page the first had made from the same version.
  expect(renders).toBe(1);

  db.write('2');
  const slow = slowRender('shared');
  const a = watch(cache.get('/en', 'a', slow.render));
  await db.beginTurns();
  const b = watch(cache.get('/en', 'b', async () => page('never')));
  slow.finish();
  await vi.advanceTimersByTimeAsync(0);
  expect(text(a.value!)).toBe('shared');
  expect(text(b.value!)).toBe('shared');
  expect(db.state.clients).toEqual(['flooder', 'reader', 'a']);
});

it('gives whoever waits for a failed render its failure, never the older copy, and renders again for the next request', async () => {
  const db = database();
  const log = vi.fn();
  const cache = new DocumentCache(db.freshness, { staleAfterMs: STALE_MS, onLateError: log });
  void cache.get('/pt', 'reader', async () => page('v1'));
  await db.beginTurns();

  db.write('2');
  const failing = watch(cache.get('/pt', 'reader', () => Promise.reject(new Error('renderer broke'))));
  await db.beginTurns();
  expect((failing.error as Error).message).toBe('renderer broke');
  expect(log).not.toHaveBeenCalled();

  const next = watch(cache.get('/pt', 'reader', async () => page('v2')));
  await db.beginTurns();
  expect(text(next.value!)).toBe('v2');
});

it('reports a render that failed after everyone waiting had the kept copy', async () => {
  const db = database();
  const log = vi.fn();
  const cache = new DocumentCache(db.freshness, { staleAfterMs: STALE_MS, onLateError: log });
  void cache.get('/pt', 'reader', async () => page('v1'));
  await db.beginTurns();

  db.write('2');
  const during = watch(cache.get('/pt', 'reader', () => Promise.reject(new Error('renderer broke'))));
  await vi.advanceTimersByTimeAsync(STALE_MS);
  expect(text(during.value!)).toBe('v1');
  await db.beginTurns();
  expect(log).toHaveBeenCalledWith('/pt', expect.objectContaining({ message: 'renderer broke' }));
});
