/*
 * The embedded database in a thread of its own (pglite-worker-db.ts drives
 * it): PGlite runs each statement to its end on the thread that calls it and
 * cannot be interrupted, so here a runaway statement holds only this thread,
 * which the main thread can stop and start again. Plain JavaScript so it
 * loads the same under tsx and vitest.
 *
 * Messages in: { id, op: 'query' | 'exec' | 'close', sql, params } or
 * { id, op: 'batch', statements: [{ sql, params }], readOnly, settings, claim } (one
 * pipeline). A batch with a claim (an Int32Array on shared memory) may have
 * been given back while it waited here: it runs only if this thread turns
 * its 0 into 1 first; given back (2), it is skipped without an answer.
 * Messages out: { ready: true } once open, then { id, result, notices } or
 * { id, error, notices }, where notices counts the site_content_version
 * notices heard so far (content-notices.ts says why): Postgres delivers a
 * notice with the statement that commits it, so the count in an answer
 * already holds what that statement changed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { keepOwnerOnly } from './owner-only-fs.mjs';
import { runPipeline } from './pglite-pipeline.mjs';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

// Before PGlite touches a file: every file and folder it makes is owner-only (issue 22).
keepOwnerOnly();

const ERROR_FIELDS = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'where'];

function describe(e) {
  const error = { message: e instanceof Error ? e.message : String(e) };
  for (const field of ERROR_FIELDS) if (e && e[field] !== undefined) error[field] = e[field];
  return error;
}

let pg;
let notices = 0;
try {
  pg = await PGlite.create({
    dataDir: workerData.dataDir,
    relaxedDurability: false,
    // Compiled once by the main thread, so a restart does not compile again.
    pgliteWasmModule: workerData.pgliteWasmModule,
    // The extensions the migrations create (PGlite loads contrib modules only when told).
    extensions: { unaccent },
  });
  await pg.listen('site_content_version', () => notices++);
  parentPort.postMessage({ ready: true });
} catch (e) {
  parentPort.postMessage({ failed: describe(e) });
}

parentPort.on('message', async ({ id, op, sql, params, statements, readOnly, settings, claim }) => {
  if (claim && Atomics.compareExchange(claim, 0, 0, 1) !== 0) return;
  try {
    if (op === 'batch') {
      parentPort.postMessage({ id, result: await runPipeline(pg, statements, { readOnly, settings }), notices });
    } else if (op === 'query') {
      const r = await pg.query(sql, params);
      parentPort.postMessage({ id, result: { rows: r.rows, affectedRows: r.affectedRows }, notices });
    } else if (op === 'exec') {
      await pg.exec(sql);
      parentPort.postMessage({ id, result: { rows: [] }, notices });
    } else if (op === 'close') {
      await pg.close();
      parentPort.postMessage({ id, result: { rows: [] } });
    }
  } catch (e) {
    parentPort.postMessage({ id, error: describe(e), notices });
  }
});
