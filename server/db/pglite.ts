import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

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

/** Opens (or creates) an embedded database; `dataDir` undefined means in memory. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  // On Node, PGlite mounts the data directory through Emscripten's NODEFS:
  // Postgres's write() calls are the host's, so when COMMIT returns the WAL
  // is in the OS's files and a kill -9 loses no committed row
  // (server/db/durability.test.ts). syncToFs is a no-op for NodeFS, so
  // relaxedDurability does not matter here; it stays off, said out loud, in
  // case the filesystem changes. PGlite runs with fsync=off: an OS crash or
  // power cut may still lose the last commits (use DATABASE_URL for that).
  const pg = await PGlite.create({ dataDir, relaxedDurability: false });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
