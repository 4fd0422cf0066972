import pg from 'pg';
import type { Database, Queryable } from './database.ts';

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query(sql, params) {
      const r = await c.query(sql, params as unknown[] | undefined);
      return { rows: r.rows, affectedRows: r.rowCount ?? undefined };
    },
    async exec(sql) {
      await c.query(sql);
    },
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // Fail at start, with the driver's reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
