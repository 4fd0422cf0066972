/**
 * Fedify's key–value store (fetched keys and documents, inbox idempotence)
 * in private.fediverse_kv, through the backend's one database interface: the
 * same code on embedded PGlite and on PostgreSQL. @fedify/postgres would need
 * its own `postgres` driver and connection, which PGlite has not (decision 310).
 */
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { Queryable } from '../db/database.ts';

/** Keys as one text: their parts joined by a separator no part holds (parts are URLs and names). */
const SEPARATOR = '\u001f';
const keyText = (key: KvKey) => key.join(SEPARATOR);
const LIVE = '(expires_at is null or expires_at > now())';

function expiresAt(options?: KvStoreSetOptions): string | null {
  const ttl = options?.ttl;
  if (!ttl) return null;
  return new Date(Date.now() + ttl.total('millisecond')).toISOString();
}

export function databaseKvStore(db: Queryable): KvStore {
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const r = await db.query<{ value: T }>(`select value from private.fediverse_kv where key = $1 and ${LIVE}`, [keyText(key)]);
      return r.rows[0]?.value;
    },
    async set(key, value, options) {
      await db.query(
        `insert into private.fediverse_kv (key, value, expires_at) values ($1, $2::jsonb, $3)
         on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`,
        [keyText(key), JSON.stringify(value ?? null), expiresAt(options)],
      );
    },
    async delete(key) {
      await db.query(`delete from private.fediverse_kv where key = $1`, [keyText(key)]);
    },
    async cas(key, expected, next, options) {
      const k = keyText(key);
      if (expected === undefined) {
        const r = await db.query(
          `insert into private.fediverse_kv (key, value, expires_at) values ($1, $2::jsonb, $3)
           on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
            where not (private.fediverse_kv.expires_at is null or private.fediverse_kv.expires_at > now())
           returning 1`,
          [k, JSON.stringify(next ?? null), expiresAt(options)],
        );
        return r.rows.length === 1;
      }
      const r = await db.query(
        `update private.fediverse_kv set value = $3::jsonb, expires_at = $4 where key = $1 and value = $2::jsonb and ${LIVE} returning 1`,
        [k, JSON.stringify(expected), JSON.stringify(next ?? null), expiresAt(options)],
      );
      return r.rows.length === 1;
    },
    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      const p = prefix?.length ? keyText(prefix) : '';
      const r = await db.query<{ key: string; value: unknown }>(
        `select key, value from private.fediverse_kv where (key = $1 or starts_with(key, $2)) and ${LIVE} order by key`,
        [p, p ? p + SEPARATOR : ''],
      );
      for (const row of r.rows) yield { key: row.key.split(SEPARATOR) as unknown as KvKey, value: row.value };
    },
  };
}

/** Expired entries go (the worker calls this now and then). */
export async function forgetExpired(db: Queryable): Promise<void> {
  // Looked at first: a DELETE of nothing still counts as a write on the embedded database.
  const r = await db.query<{ any: boolean }>(`select exists (select 1 from private.fediverse_kv where expires_at <= now()) as any`);
  if (r.rows[0]?.any) await db.query(`delete from private.fediverse_kv where expires_at <= now()`);
}
