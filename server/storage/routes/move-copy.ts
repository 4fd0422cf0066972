/**
 * POST /object/move and /object/copy, within a bucket or to another one. A
 * move renames the row (its bytes stay); a copy gets bytes of its own, which
 * go again if its row is refused.
 */
import type { Context, Hono } from 'hono';
import type { Queryable } from '../../db/database.ts';
import type { StorageContext } from '../context.ts';
import { invalidRequest, objectNotFound } from '../errors.ts';
import { bucketId, objectName } from '../object-key.ts';
import { asCaller, findObject, moveObject, writeObject } from '../objects.ts';
import { jsonBody, ownerOf } from '../request.ts';

export function moveAndCopyRoutes(app: Hono, ctx: StorageContext): void {
  const { db, files } = ctx;

  const endpoints = async (c: Context) => {
    const b = await jsonBody(c);
    if (typeof b.bucketId !== 'string' || typeof b.sourceKey !== 'string' || typeof b.destinationKey !== 'string') {
      throw invalidRequest('body must have bucketId, sourceKey and destinationKey');
    }
    const from = { bucket: bucketId(b.bucketId), name: objectName(b.sourceKey) };
    const to = { bucket: bucketId(typeof b.destinationBucket === 'string' ? b.destinationBucket : b.bucketId), name: objectName(b.destinationKey) };
    await ctx.bucketOr404(to.bucket);
    return { from, to };
  };

  app.post('/object/move', async (c) => {
    const t = await ctx.tx(c);
    const { from, to } = await endpoints(c);
    const moved = await ctx.inTurn(c, () => asCaller(db, t, false, (q) => moveObject(q, from, to)));
    if (!moved) throw objectNotFound();
    return c.json({ message: 'Successfully moved', Id: moved.id, Key: `${to.bucket}/${to.name}` });
  });
  app.post('/object/copy', async (c) => {
    const t = await ctx.tx(c);
    const { from, to } = await endpoints(c);
    let version: string | undefined;
    try {
      const id = await ctx.inTurn(c, () =>
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
}
