import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Database, Queryable } from './database.ts';
import { pgliteModule } from './pglite-module.ts';
import { runPipeline } from './pglite-pipeline.mjs';
import { PgliteWorkerDatabase } from './pglite-worker-db.ts';

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query(sql, params) {
      const r = await q.query(sql, params as unknown[] | undefined);
      return { rows: r.rows as never[], affectedRows: r.affectedRows };
    },
    async exec(sql) {
      await q.exec(sql);
    },
  };
}

/**
 * Opens (or creates) an embedded database. A data directory (every server,
 * the CLI) runs in a worker thread with a watchdog (pglite-worker-db.ts);
 * `dataDir` undefined means in memory, on this thread: tests of parts that
 * need a database but not its isolation (a restart would empty it).
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir !== undefined) return PgliteWorkerDatabase.open(dataDir);
  // Durability, for both: on Node, PGlite mounts the data directory through Emscripten's NODEFS:
  // Postgres's write() calls are the host's, so when COMMIT returns the WAL
  // is in the OS's files and a kill -9 loses no committed row
  // (server/db/durability.test.ts). syncToFs is a no-op for NodeFS, so
  // relaxedDurability does not matter here; it stays off, said out loud, in
  // case the filesystem changes. PGlite runs with fsync=off: an OS crash or
  // power cut may still lose the last commits (use DATABASE_URL for that).
  // The extensions the migrations create (as in pglite-worker.mjs).
  const pg = await PGlite.create({ dataDir, relaxedDurability: false, extensions: { unaccent }, pgliteWasmModule: pgliteModule() as WebAssembly.Module });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn, options) =>
      pg.transaction(async (tx) => {
        if (options?.readOnly) await tx.exec('set transaction read only');
        return fn(wrap(tx));
      }),
    batch: (statements, options) => runPipeline(pg, statements, options),
    close: () => pg.close(),
  };
}
