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
  // relaxedDurability stays off (the default, said out loud): each query's
  // writes reach the files before its promise resolves, so a kill -9 loses no
  // committed row.
  const pg = await PGlite.create({ dataDir, relaxedDurability: false });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
