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
  const pg = await PGlite.create(dataDir);
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
