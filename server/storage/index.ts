/**
 * /storage/v1: the Storage API as supabase.storage calls it (protocol §3):
 * objects (upload, update/upsert, download, public and signed GETs, info,
 * list, move, copy, remove, signed URLs) and buckets (list, get, create,
 * update, empty, delete). Rows in storage.objects under the caller's RLS;
 * bytes in the file store (file-store.ts); errors as hosted Storage's.
 * Each operation's routes live in routes/; this wires them, in an order
 * that matters (see below). Mounted by server/app.ts.
 */
import { Hono, type Context } from 'hono';
import { limitBodies } from '../body-limit.ts';
import type { AppDeps } from '../deps.ts';
import { RestError } from '../rest/rest-error.ts';
import { createStorageContext, type StorageOptions } from './context.ts';
import { accessDenied, StorageError, tooLarge } from './errors.ts';
import { storageErrorFor, type ObjectRow } from './objects.ts';
import { bucketRoutes } from './routes/buckets.ts';
import { listRoutes } from './routes/list.ts';
import { moveAndCopyRoutes } from './routes/move-copy.ts';
import { readRoutes } from './routes/read.ts';
import { removeRoutes } from './routes/remove.ts';
import { signRoutes } from './routes/sign.ts';
import { MAX_UPLOAD_BYTES, uploadRoutes } from './routes/upload.ts';

export { MAX_UPLOAD_BYTES };
export type { ObjectRow };

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

export function createStorageRoutes(deps: AppDeps, options: StorageOptions = {}): Hono {
  const ctx = createStorageContext(deps, options);
  const app = new Hono();

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
  readRoutes(app, ctx);
  listRoutes(app, ctx);
  removeRoutes(app, ctx);
  moveAndCopyRoutes(app, ctx);
  signRoutes(app, ctx);
  // After the other POSTs under /object/: their paths would match the upload's too.
  uploadRoutes(app, ctx);
  bucketRoutes(app, ctx);
  return app;
}
