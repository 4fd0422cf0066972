/**
 * One statement on a PostgreSQL server over a connection of its own, closed
 * afterwards: what tests do around a database (create it, drop it, move the
 * site's clock) rather than in it.
 */
import pg from 'pg';

export async function onServer(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
