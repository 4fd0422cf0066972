/** POST /object/list/:bucket: one folder's files and subfolders, as the caller may see them. */
import type { Hono } from 'hono';
import type { StorageContext } from '../context.ts';
import { listEntries, type ListOptions } from '../list.ts';
import { bucketId } from '../object-key.ts';
import { asCaller, objectsUnder } from '../objects.ts';
import { jsonBody } from '../request.ts';

export function listRoutes(app: Hono, ctx: StorageContext): void {
  app.post('/object/list/:bucket', async (c) => {
    const t = await ctx.tx(c);
    const bucket = await ctx.bucketOr404(bucketId(c.req.param('bucket')));
    const opts = (await jsonBody(c)) as ListOptions;
    const prefix = typeof opts.prefix === 'string' ? opts.prefix.replace(/^\/+|\/+$/g, '') : '';
    const folder = prefix ? `${prefix}/` : '';
    const objects = await ctx.inTurn(c, () => asCaller(ctx.db, t, true, (q) => objectsUnder(q, bucket.id, folder)));
    return c.json(listEntries(objects, folder, opts));
  });
}
