/**
 * What every /storage/v1 route module receives, built once per app: the
 * database, the file store, the signing key, and the three steps each
 * request takes (who is calling, waiting its client's turn, the bucket).
 */
import type { Context } from 'hono';
import { secretKey } from '../auth/jwt.ts';
import { clientAddress } from '../client-address.ts';
import type { Database } from '../db/database.ts';
import { POOL_SIZE, POOL_WAIT_MS } from '../db/postgres.ts';
import type { AppDeps } from '../deps.ts';
import { authenticate } from '../rest/authenticate.ts';
import { schemaCacheFor } from '../rest/index.ts';
import { FairScheduler } from '../rest/scheduler.ts';
import { bucketNotFound } from './errors.ts';
import { diskFileStore, memoryFileStore, type FileStore } from './file-store.ts';
import { findBucket, type Bucket, type Tx } from './objects.ts';

export interface StorageOptions {
  trustedProxyHeader?: string;
}

export interface StorageContext {
  db: Database;
  files: FileStore;
  /** Signs and checks signed URLs' tokens (the project's JWT secret). */
  key: Uint8Array;
  /** The caller (from apikey / Authorization) and its transaction settings. */
  tx(c: Context): Promise<Tx>;
  /** Runs a task in the client's turn, so one client's flood waits behind itself. */
  inTurn<T>(c: Context, task: () => Promise<T>): Promise<T>;
  bucketOr404(id: string): Promise<Bucket>;
}

export function createStorageContext(deps: AppDeps, options: StorageOptions): StorageContext {
  const { db, jwtSecret } = deps;
  const schema = schemaCacheFor(db);
  const scheduler = new FairScheduler(db.kind === 'pglite' ? 1 : POOL_SIZE - 2, POOL_WAIT_MS);
  return {
    db,
    files: deps.dataDir ? diskFileStore(deps.dataDir) : memoryFileStore(),
    key: secretKey(jwtSecret),
    async tx(c) {
      const caller = await authenticate({ get: (name) => c.req.header(name) }, jwtSecret);
      const role = await schema.roleSettings(caller.role);
      return { caller, role, request: { method: c.req.method, path: new URL(c.req.url).pathname, headers: {} } };
    },
    inTurn: (c, task) => scheduler.run(clientAddress(c, options.trustedProxyHeader), task),
    async bucketOr404(id) {
      const bucket = await findBucket(db, id);
      if (!bucket) throw bucketNotFound();
      return bucket;
    },
  };
}
