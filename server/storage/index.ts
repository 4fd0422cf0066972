/**
 * /storage/v1: the Storage API as supabase.storage calls it (protocol §3):
 * objects (upload, update/upsert, download, public and signed GETs, info,
 * list, move, copy, remove, signed URLs) and buckets (list, get, create,
 * update, empty, delete). Rows in storage.objects under the caller's RLS;
 * bytes in the file store (file-store.ts); errors as hosted Storage's.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { jwtVerify, SignJWT } from 'jose';
import { secretKey } from '../auth/jwt.ts';
import { limitBodies } from '../body-limit.ts';
import { clientAddress } from '../client-address.ts';
import type { Queryable } from '../db/database.ts';
import { POOL_SIZE, POOL_WAIT_MS } from '../db/postgres.ts';
import type { AppDeps } from '../deps.ts';
import { authenticate } from '../rest/authenticate.ts';
import { schemaCacheFor } from '../rest/index.ts';
import { Rollback } from '../rest/request-tx.ts';
import { RestError } from '../rest/rest-error.ts';
import { FairScheduler } from '../rest/scheduler.ts';
import {
  accessDenied,
  bucketNotFound,
  invalidMimeType,
  invalidRequest,
  objectNotFound,
  StorageError,
  tooLarge,
} from './errors.ts';
import { diskFileStore, memoryFileStore, type FileStore } from './file-store.ts';
import { listEntries, type ListOptions } from './list.ts';
import { bucketId, objectName } from './object-key.ts';
import {
  asCaller,
  deleteObjects,
  findBucket,
  findObject,
  listBuckets,
  moveObject,
  objectsUnder,
  storageErrorFor,
  tryInsert,
  writeObject,
  type Bucket,
  type ObjectRow,
  type Tx,
} from './objects.ts';
import { objectResponse } from './serve.ts';

/** Hosted's global upload limit; a bucket may set a lower one. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner Storage records: the token's user (sub), when it names one. */
function ownerOf(t: Tx): string | null {
  const sub = t.caller.claims.sub;
  return typeof sub === 'string' && UUID.test(sub) ? sub : null;
}

interface Upload {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
  userMetadata: unknown;
}

function mimeAllowed(bucket: Bucket, mimetype: string): boolean {
  const allowed = bucket.allowed_mime_types;
  if (!allowed || allowed.length === 0) return true;
  const type = mimetype.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const rule = a.toLowerCase();
    return rule.endsWith('/*') ? type.startsWith(rule.slice(0, -1)) : type === rule;
  });
}

function parseMetadata(raw: string | undefined | null, base64: boolean): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(base64 ? Buffer.from(raw, 'base64').toString('utf8') : raw);
  } catch {
    throw invalidRequest('metadata must be JSON');
  }
}

/** The file and its settings from a multipart form (the file part has an empty name) or a raw body. */
async function readUpload(c: Context, limit: number): Promise<Upload> {
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit + 64 * 1024) throw tooLarge();
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.raw.formData();
    const file = [...form.values()].find((v) => typeof v !== 'string');
    if (!file || typeof file === 'string') throw invalidRequest('No file in the form (the file part has an empty field name).');
    const seconds = form.get('cacheControl');
    const contentType = form.get('contentType');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      mimetype: (typeof contentType === 'string' && contentType) || file.type || 'application/octet-stream',
      cacheControl: typeof seconds === 'string' && seconds ? `max-age=${seconds}` : 'no-cache',
      userMetadata: parseMetadata(form.get('metadata') as string | null, false),
    };
  }
  return {
    bytes: new Uint8Array(await c.req.arrayBuffer()),
    mimetype: type || 'application/octet-stream',
    cacheControl: c.req.header('cache-control') || 'no-cache',
    userMetadata: parseMetadata(c.req.header('x-metadata'), true),
  };
}

function errorResponse(c: Context, e: unknown): Response {
  const mapped = storageErrorFor(e);
  if (mapped instanceof StorageError) return c.json(mapped.toJSON(), mapped.httpStatus as 400);
  if (mapped instanceof RestError) {
    // Bad or expired token: Storage's 403, with the reason.
    return c.json(accessDenied(mapped.message).toJSON(), 400);
  }
  console.error('storage:', e);
  return c.json(new StorageError(500, 'internal', 'InternalError', 'Internal Server Error').toJSON(), 500);
}

const body = async (c: Context): Promise<Record<string, unknown>> => {
  try {
    const parsed: unknown = await c.req.json();
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export function createStorageRoutes(deps: AppDeps, options: { trustedProxyHeader?: string } = {}): Hono {
  const { db, jwtSecret } = deps;
  const app = new Hono();
  const files: FileStore = deps.dataDir ? diskFileStore(deps.dataDir) : memoryFileStore();
  const schema = schemaCacheFor(db);
  const scheduler = new FairScheduler(db.kind === 'pglite' ? 1 : POOL_SIZE - 2, POOL_WAIT_MS);
  const key = secretKey(jwtSecret);

  app.onError((e, c) => errorResponse(c, e));
  // A body without Content-Length (chunked) is cut off too, not read into memory whole.
  app.use(
    '*',
    limitBodies({
      maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
      onError: () => {
        throw tooLarge();
      },
    }),
  );

  /** The caller (from apikey / Authorization) and its transaction settings. */
  async function tx(c: Context): Promise<Tx> {
    const caller = await authenticate({ get: (name) => c.req.header(name) }, jwtSecret);
    const role = await schema.roleSettings(caller.role);
    return { caller, role, request: { method: c.req.method, path: new URL(c.req.url).pathname, headers: {} } };
  }
  const inTurn = <T>(c: Context, task: () => Promise<T>) => scheduler.run(clientAddress(c, options.trustedProxyHeader), task);

  async function bucketOr404(id: string): Promise<Bucket> {
    const bucket = await findBucket(db, id);
    if (!bucket) throw bucketNotFound();
    return bucket;
  }

  // ---- upload (POST: x-upsert decides; PUT: update, always an upsert) ----
  const upload = async (c: Context, upsert: boolean) => {
    const t = await tx(c);
    const bucket = await bucketOr404(bucketId(c.req.param('bucket')!));
    const name = objectName(c.req.param('path')!);
    const owner = ownerOf(t);
    await inTurn(c, () =>
      asCaller(db, t, false, async (q) => {
        await tryInsert(q, bucket.id, name, owner, upsert);
        throw new Rollback(undefined);
      }),
    );
    const limit = Math.min(bucket.file_size_limit ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
    const file = await readUpload(c, limit);
    if (file.bytes.length > limit) throw tooLarge();
    if (!mimeAllowed(bucket, file.mimetype)) throw invalidMimeType(file.mimetype);
    const version = await files.put(file.bytes);
    const now = new Date().toISOString();
    try {
      const written = await inTurn(c, () =>
        asCaller(db, t, false, (q) =>
          writeObject(
            q,
            {
              bucket: bucket.id,
              name,
              owner,
              version,
              userMetadata: file.userMetadata,
              metadata: {
                eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
                size: file.bytes.length,
                mimetype: file.mimetype,
                cacheControl: file.cacheControl,
                lastModified: now,
                contentLength: file.bytes.length,
                httpStatusCode: 200,
              },
            },
            upsert,
          ),
        ),
      );
      if (written.replaced) await files.remove([written.replaced]);
      return c.json({ Id: written.id, Key: `${bucket.id}/${name}` });
    } catch (e) {
      // Nothing half-saved: the row was refused, so its bytes go too.
      await files.remove([version]);
      throw e;
    }
  };

  // ---- reads of one object ----
  const download = async (c: Context, method: 'GET' | 'HEAD') => {
    const t = await tx(c);
    const bucket = bucketId(c.req.param('bucket')!);
    const name = objectName(c.req.param('path')!);
    const object = await inTurn(c, () => asCaller(db, t, true, (q) => findObject(q, bucket, name)));
    if (!object) throw objectNotFound();
    return objectResponse(c.req.raw, object, files, method);
  };
  app.get('/object/public/:bucket/:path{.+}', async (c) => {
    const id = bucketId(c.req.param('bucket'));
    const name = objectName(c.req.param('path'));
    // In the client's turn like every read: a flood of public GETs waits behind itself.
    const object = await inTurn(c, async () => {
      const bucket = await findBucket(db, id);
      return bucket?.public ? findObject(db, bucket.id, name) : undefined;
    });
    if (!object) throw objectNotFound();
    return objectResponse(c.req.raw, object, files, c.req.method === 'HEAD' ? 'HEAD' : 'GET');
  });
  app.get('/object/sign/:bucket/:path{.+}', async (c) => {
    const bucket = bucketId(c.req.param('bucket'));
    const name = objectName(c.req.param('path'));
    const token = c.req.query('token');
    if (!token) throw accessDenied('Missing token');
    let url: unknown;
    try {
      url = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload.url;
    } catch (e) {
      throw accessDenied((e as Error).message);
    }
    if (url !== `${bucket}/${name}`) throw accessDenied('Invalid signature for this object');
    const object = await inTurn(c, () => findObject(db, bucket, name));
    if (!object) throw objectNotFound();
    return objectResponse(c.req.raw, object, files, 'GET');
  });
  app.get('/object/authenticated/:bucket/:path{.+}', (c) => download(c, 'GET'));
  app.get('/object/info/:bucket/:path{.+}', async (c) => {
    const t = await tx(c);
    const bucket = bucketId(c.req.param('bucket'));
    const name = objectName(c.req.param('path'));
    const o = await inTurn(c, () => asCaller(db, t, true, (q) => findObject(q, bucket, name)));
    if (!o) throw objectNotFound();
    return c.json({
      id: o.id,
      name: o.name,
      version: o.version,
      bucket_id: o.bucket_id,
      size: o.metadata?.size ?? null,
      content_type: o.metadata?.mimetype ?? null,
      cache_control: o.metadata?.cacheControl ?? null,
      etag: o.metadata?.eTag ?? null,
      metadata: o.user_metadata ?? null,
      last_modified: o.updated_at,
      created_at: o.created_at,
    });
  });
  app.on(['GET', 'HEAD'], '/object/:bucket/:path{.+}', (c) => download(c, c.req.method === 'HEAD' ? 'HEAD' : 'GET'));

  // ---- list ----
  app.post('/object/list/:bucket', async (c) => {
    const t = await tx(c);
    const bucket = await bucketOr404(bucketId(c.req.param('bucket')));
    const opts = (await body(c)) as ListOptions;
    const prefix = typeof opts.prefix === 'string' ? opts.prefix.replace(/^\/+|\/+$/g, '') : '';
    const folder = prefix ? `${prefix}/` : '';
    const objects = await inTurn(c, () => asCaller(db, t, true, (q) => objectsUnder(q, bucket.id, folder)));
    return c.json(listEntries(objects, folder, opts));
  });

  // ---- remove ----
  app.delete('/object/:bucket', async (c) => {
    const t = await tx(c);
    const bucket = await bucketOr404(bucketId(c.req.param('bucket')));
    const { prefixes } = await body(c);
    if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) throw invalidRequest('body must have prefixes: an array of object names');
    const names = (prefixes as string[]).map((p) => p.replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, ''));
    const removed = await inTurn(c, () => asCaller(db, t, false, (q) => deleteObjects(q, bucket.id, names)));
    await files.remove(removed.map((o) => o.version).filter((v): v is string => v !== null));
    return c.json(removed);
  });

  // ---- move and copy ----
  const endpoints = async (c: Context) => {
    const b = await body(c);
    if (typeof b.bucketId !== 'string' || typeof b.sourceKey !== 'string' || typeof b.destinationKey !== 'string') {
      throw invalidRequest('body must have bucketId, sourceKey and destinationKey');
    }
    const from = { bucket: bucketId(b.bucketId), name: objectName(b.sourceKey) };
    const to = { bucket: bucketId(typeof b.destinationBucket === 'string' ? b.destinationBucket : b.bucketId), name: objectName(b.destinationKey) };
    await bucketOr404(to.bucket);
    return { from, to };
  };
  app.post('/object/move', async (c) => {
    const t = await tx(c);
    const { from, to } = await endpoints(c);
    const moved = await inTurn(c, () => asCaller(db, t, false, (q) => moveObject(q, from, to)));
    if (!moved) throw objectNotFound();
    return c.json({ message: 'Successfully moved', Id: moved.id, Key: `${to.bucket}/${to.name}` });
  });
  app.post('/object/copy', async (c) => {
    const t = await tx(c);
    const { from, to } = await endpoints(c);
    let version: string | undefined;
    try {
      const id = await inTurn(c, () =>
        asCaller(db, t, false, async (q: Queryable) => {
          const source = await findObject(q, from.bucket, from.name);
          if (!source?.version || !source.metadata) throw objectNotFound();
          version = await files.copy(source.version);
          if (!version) throw objectNotFound();
          const metadata = { ...source.metadata, lastModified: new Date().toISOString() };
          const written = await writeObject(q, { ...to, owner: ownerOf(t), version, metadata, userMetadata: source.user_metadata ?? undefined }, false);
          return written.id;
        }),
      );
      return c.json({ Id: id, Key: `${to.bucket}/${to.name}`, name: to.name, bucket_id: to.bucket });
    } catch (e) {
      if (version) await files.remove([version]);
      throw e;
    }
  });

  // ---- signed URLs ----
  const sign = async (bucket: string, name: string, expiresIn: number) => {
    const token = await new SignJWT({ url: `${bucket}/${name}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
      .sign(key);
    return `/object/sign/${bucket}/${name.split('/').map(encodeURIComponent).join('/')}?token=${token}`;
  };
  const expiresIn = (b: Record<string, unknown>) => {
    const n = Number(b.expiresIn);
    if (!Number.isInteger(n) || n < 1) throw invalidRequest('expiresIn must be a positive number of seconds');
    return n;
  };
  app.post('/object/sign/:bucket/:path{.+}', async (c) => {
    const t = await tx(c);
    const bucket = bucketId(c.req.param('bucket'));
    const name = objectName(c.req.param('path'));
    const seconds = expiresIn(await body(c));
    const object = await inTurn(c, () => asCaller(db, t, true, (q) => findObject(q, bucket, name)));
    if (!object) throw objectNotFound();
    return c.json({ signedURL: await sign(bucket, name, seconds) });
  });
  app.post('/object/sign/:bucket', async (c) => {
    const t = await tx(c);
    const bucket = bucketId(c.req.param('bucket'));
    const b = await body(c);
    const seconds = expiresIn(b);
    if (!Array.isArray(b.paths) || b.paths.some((p) => typeof p !== 'string')) throw invalidRequest('body must have paths: an array of object names');
    const paths = b.paths as string[];
    const visible = await inTurn(c, () =>
      asCaller(db, t, true, async (q) => {
        const found = new Set<string>();
        for (const p of paths) if (await findObject(q, bucket, p)) found.add(p);
        return found;
      }),
    );
    return c.json(
      await Promise.all(
        paths.map(async (path) =>
          visible.has(path)
            ? { error: null, path, signedURL: await sign(bucket, path, seconds) }
            : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
        ),
      ),
    );
  });

  // After the other POSTs under /object/: their paths would match these too.
  app.post('/object/:bucket/:path{.+}', (c) => upload(c, c.req.header('x-upsert') === 'true'));
  app.put('/object/:bucket/:path{.+}', (c) => upload(c, true));

  // ---- buckets (RLS on storage.buckets: without policies, the service_role only) ----
  app.get('/bucket', async (c) => {
    const t = await tx(c);
    return c.json(await inTurn(c, () => asCaller(db, t, true, listBuckets)));
  });
  app.get('/bucket/:id', async (c) => {
    const t = await tx(c);
    const id = bucketId(c.req.param('id'));
    const found = (await inTurn(c, () => asCaller(db, t, true, listBuckets))).find((b) => b.id === id);
    if (!found) throw bucketNotFound();
    return c.json(found);
  });
  const bucketFields = (b: Record<string, unknown>) => ({
    public: typeof b.public === 'boolean' ? b.public : false,
    file_size_limit: b.file_size_limit === undefined || b.file_size_limit === null ? null : sizeLimit(b.file_size_limit),
    allowed_mime_types: Array.isArray(b.allowed_mime_types) ? b.allowed_mime_types.map(String) : null,
  });
  app.post('/bucket', async (c) => {
    const t = await tx(c);
    const b = await body(c);
    const name = bucketId(String(b.name ?? b.id ?? ''));
    const id = bucketId(String(b.id ?? name));
    const f = bucketFields(b);
    await inTurn(c, () =>
      asCaller(db, t, false, (q) =>
        q.query(`insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5)`, [
          id, name, f.public, f.file_size_limit, f.allowed_mime_types,
        ]),
      ),
    );
    return c.json({ name });
  });
  app.put('/bucket/:id', async (c) => {
    const t = await tx(c);
    const id = bucketId(c.req.param('id'));
    const f = bucketFields(await body(c));
    const { rows } = await inTurn(c, () =>
      asCaller(db, t, false, (q) =>
        q.query(`update storage.buckets set public = $2, file_size_limit = $3, allowed_mime_types = $4, updated_at = now() where id = $1 returning id`, [
          id, f.public, f.file_size_limit, f.allowed_mime_types,
        ]),
      ),
    );
    if (rows.length === 0) throw bucketNotFound();
    return c.json({ message: 'Successfully updated' });
  });
  app.post('/bucket/:id/empty', async (c) => {
    const t = await tx(c);
    const id = bucketId(c.req.param('id'));
    const removed = await inTurn(c, () =>
      asCaller(db, t, false, async (q) => {
        if (!(await listBuckets(q)).some((b) => b.id === id)) throw bucketNotFound();
        const { rows } = await q.query<{ version: string | null }>(`delete from storage.objects where bucket_id = $1 returning version`, [id]);
        return rows;
      }),
    );
    await files.remove(removed.map((r) => r.version).filter((v): v is string => v !== null));
    return c.json({ message: 'Successfully emptied' });
  });
  app.delete('/bucket/:id', async (c) => {
    const t = await tx(c);
    const id = bucketId(c.req.param('id'));
    await inTurn(c, () =>
      asCaller(db, t, false, async (q) => {
        const { rows: left } = await q.query(`select 1 from storage.objects where bucket_id = $1 limit 1`, [id]);
        if (left.length > 0) throw new StorageError(409, 'Bucket not empty', 'InvalidRequest', 'The bucket you tried to delete is not empty');
        const { rows } = await q.query(`delete from storage.buckets where id = $1 returning id`, [id]);
        if (rows.length === 0) throw bucketNotFound();
      }),
    );
    return c.json({ message: 'Successfully deleted' });
  });

  return app;
}

function sizeLimit(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw invalidRequest('file_size_limit must be a positive number of bytes');
  return n;
}

export type { ObjectRow };
