/**
 * storage.objects and storage.buckets through SQL, each request in one
 * transaction under the caller's role and claims (as hosted Storage runs it,
 * protocol §3.3), so the project's policies decide; bucket lookups that only
 * read the bucket's rules run as the backend itself, as hosted does.
 */
import type { Database, Queryable } from '../db/database.ts';
import { isPgError } from '../db/database.ts';
import type { Caller } from '../rest/authenticate.ts';
import { inRequestTx, type RequestInfo } from '../rest/request-tx.ts';
import type { RoleSettings } from '../rest/schema-cache.ts';
import { duplicate, rlsDenied, StorageError } from './errors.ts';

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  type: string;
  created_at: string;
  updated_at: string;
}

/** What Storage keeps about a file (metadata column). */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
  metadata: ObjectMetadata | null;
  user_metadata: unknown;
  version: string | null;
}

/** A row as JSON (timestamps as ISO strings, the same from both drivers), without the generated path_tokens. */
const ROW = `to_jsonb(o) - 'path_tokens'`;

export interface Tx {
  caller: Caller;
  request: RequestInfo;
  role: RoleSettings;
}

/** Runs fn as the caller, translating refusals into Storage's errors. */
export async function asCaller<T>(db: Database, tx: Tx, readOnly: boolean, fn: (q: Queryable) => Promise<T>): Promise<T> {
  try {
    return await inRequestTx(db, tx.caller, tx.request, readOnly, tx.role, fn);
  } catch (e) {
    throw storageErrorFor(e);
  }
}

export function storageErrorFor(e: unknown): unknown {
  if (!isPgError(e)) return e;
  if (e.code === '42501') return rlsDenied();
  if (e.code === '23505') return duplicate();
  if (e.code === '23503') return new StorageError(404, 'Bucket not found', 'NoSuchBucket', 'Bucket not found');
  if (e.code === '57014') return new StorageError(500, 'internal', 'DatabaseTimeout', 'The database took too long to answer');
  return e;
}

const rows = <T>(result: { rows: Record<string, unknown>[] }): T[] => result.rows.map((r) => r.row as T);

export async function findBucket(db: Queryable, id: string): Promise<Bucket | undefined> {
  return rows<Bucket>(await db.query(`select to_jsonb(b) as row from storage.buckets b where id = $1`, [id]))[0];
}

/**
 * The object: in the caller's transaction (asCaller), if their SELECT
 * policies show it; on the backend's own connection (public and signed
 * reads), as it is: the bucket's flag or the token decided already.
 */
export async function findObject(q: Queryable, bucket: string, name: string): Promise<ObjectRow | undefined> {
  return rows<ObjectRow>(await q.query(`select ${ROW} as row from storage.objects o where bucket_id = $1 and name = $2`, [bucket, name]))[0];
}

/**
 * Whether the caller's INSERT policies (and, without upsert, the name being
 * free) allow this object, tried and rolled back before the body is read:
 * someone who may not upload is refused before a byte is received or
 * stored, as hosted Storage does.
 */
export async function tryInsert(q: Queryable, bucket: string, name: string, owner: string | null, upsert: boolean): Promise<void> {
  await q.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::uuid, $3)${upsert ? ' on conflict (bucket_id, name) do nothing' : ''}`,
    [bucket, name, owner],
  );
}

export interface NewObject {
  bucket: string;
  name: string;
  owner: string | null;
  metadata: ObjectMetadata;
  userMetadata: unknown;
  version: string;
}

/** Inserts the object's row, or with `upsert` replaces the one of that name; the replaced bytes' version for deletion. */
export async function writeObject(q: Queryable, o: NewObject, upsert: boolean): Promise<{ id: string; replaced: string | null }> {
  const params = [o.bucket, o.name, o.owner, o.owner, JSON.stringify(o.metadata), o.userMetadata === undefined ? null : JSON.stringify(o.userMetadata), o.version];
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
    values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7)`;
  if (!upsert) {
    const { rows: r } = await q.query<{ id: string }>(`${insert} returning id`, params);
    return { id: r[0]!.id, replaced: null };
  }
  const { rows: r } = await q.query<{ id: string; replaced: string | null }>(
    `with previous as (select version from storage.objects where bucket_id = $1 and name = $2)
     ${insert}
     on conflict (bucket_id, name) do update
       set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
           user_metadata = excluded.user_metadata, version = excluded.version,
           updated_at = now(), last_accessed_at = now()
     returning id, (select version from previous) as replaced`,
    params,
  );
  return { id: r[0]!.id, replaced: r[0]!.replaced };
}

/** Objects of a bucket under a folder (name prefix), as the caller may see them, by name. */
export async function objectsUnder(q: Queryable, bucket: string, folder: string): Promise<ObjectRow[]> {
  const pattern = `${folder.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return rows<ObjectRow>(
    await q.query(`select ${ROW} as row from storage.objects o where bucket_id = $1 and name like $2 escape '\\' order by name collate "C"`, [bucket, pattern]),
  );
}

export async function deleteObjects(q: Queryable, bucket: string, names: readonly string[]): Promise<ObjectRow[]> {
  return rows<ObjectRow>(
    await q.query(`delete from storage.objects o where bucket_id = $1 and name = any($2::text[]) returning ${ROW} as row`, [bucket, names]),
  );
}

export async function moveObject(q: Queryable, from: { bucket: string; name: string }, to: { bucket: string; name: string }): Promise<ObjectRow | undefined> {
  return rows<ObjectRow>(
    await q.query(
      `update storage.objects o set bucket_id = $3, name = $4, updated_at = now()
        where bucket_id = $1 and name = $2 returning ${ROW} as row`,
      [from.bucket, from.name, to.bucket, to.name],
    ),
  )[0];
}

export async function listBuckets(q: Queryable): Promise<Bucket[]> {
  return rows<Bucket>(await q.query(`select to_jsonb(b) as row from storage.buckets b order by name`));
}
