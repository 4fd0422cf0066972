/**
 * Reads of one object: GET (and HEAD) as the caller, public GETs of a public
 * bucket, GETs of a signed URL, and its info. Public and signed reads run on
 * the backend's own connection: the bucket's flag or the token decided.
 */
import type { Context, Hono } from 'hono';
import type { StorageContext } from '../context.ts';
import { objectNotFound } from '../errors.ts';
import { bucketId, objectName } from '../object-key.ts';
import { asCaller, findBucket, findObject } from '../objects.ts';
import { objectResponse } from '../serve.ts';
import { checkSignedUrl } from '../signed-url.ts';

export function readRoutes(app: Hono, ctx: StorageContext): void {
  const { db, files } = ctx;

  const download = async (c: Context, method: 'GET' | 'HEAD') => {
    const t = await ctx.tx(c);
    const bucket = bucketId(c.req.param('bucket')!);
    const name = objectName(c.req.param('path')!);
    const object = await ctx.inTurn(c, () => asCaller(db, t, true, (q) => findObject(q, bucket, name)));
    if (!object) throw objectNotFound();
    return objectResponse(c.req.raw, object, files, method);
  };

  app.get('/object/public/:bucket/:path{.+}', async (c) => {
    const id = bucketId(c.req.param('bucket'));
    const name = objectName(c.req.param('path'));
    // In the client's turn like every read: a flood of public GETs waits behind itself.
    const object = await ctx.inTurn(c, async () => {
      const bucket = await findBucket(db, id);
      return bucket?.public ? findObject(db, bucket.id, name) : undefined;
    });
    if (!object) throw objectNotFound();
    return objectResponse(c.req.raw, object, files, c.req.method === 'HEAD' ? 'HEAD' : 'GET');
  });
  app.get('/object/sign/:bucket/:path{.+}', async (c) => {
    const bucket = bucketId(c.req.param('bucket'));
    const name = objectName(c.req.param('path'));
    await checkSignedUrl(ctx.key, c.req.query('token'), bucket, name);
    const object = await ctx.inTurn(c, () => findObject(db, bucket, name));
    if (!object) throw objectNotFound();
    return objectResponse(c.req.raw, object, files, 'GET');
  });
  app.get('/object/authenticated/:bucket/:path{.+}', (c) => download(c, 'GET'));
  app.get('/object/info/:bucket/:path{.+}', async (c) => {
    const t = await ctx.tx(c);
    const bucket = bucketId(c.req.param('bucket'));
    const name = objectName(c.req.param('path'));
    const o = await ctx.inTurn(c, () => asCaller(db, t, true, (q) => findObject(q, bucket, name)));
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
  // Last: the paths above would match it too.
  app.on(['GET', 'HEAD'], '/object/:bucket/:path{.+}', (c) => download(c, c.req.method === 'HEAD' ? 'HEAD' : 'GET'));
}
