/** DELETE /object/:bucket: the named objects the caller may delete, rows and then bytes; the removed rows as the answer. */
import type { Hono } from 'hono';
import type { StorageContext } from '../context.ts';
import { invalidRequest } from '../errors.ts';
import { bucketId } from '../object-key.ts';
import { asCaller, deleteObjects } from '../objects.ts';
import { jsonBody } from '../request.ts';

export function removeRoutes(app: Hono, ctx: StorageContext): void {
  app.delete('/object/:bucket', async (c) => {
    const t = await ctx.tx(c);
    const bucket = await ctx.bucketOr404(bucketId(c.req.param('bucket')));
    const { prefixes } = await jsonBody(c);
    if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) throw invalidRequest('body must have prefixes: an array of object names');
    const names = (prefixes as string[]).map((p) => p.replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, ''));
    const removed = await ctx.inTurn(c, () => asCaller(ctx.db, t, false, (q) => deleteObjects(q, bucket.id, names)));
    await ctx.files.remove(removed.map((o) => o.version).filter((v): v is string => v !== null));
    return c.json(removed);
  });
}
