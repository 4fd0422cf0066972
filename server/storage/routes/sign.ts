/**
 * POST /object/sign/:bucket/:path and /object/sign/:bucket: signed URLs for
 * objects the caller may read, one or many (signed-url.ts makes the token;
 * routes/read.ts serves it).
 */
import type { Hono } from 'hono';
import type { StorageContext } from '../context.ts';
import { invalidRequest, objectNotFound } from '../errors.ts';
import { bucketId, objectName } from '../object-key.ts';
import { asCaller, findObject } from '../objects.ts';
import { jsonBody } from '../request.ts';
import { signedUrl } from '../signed-url.ts';

const expiresIn = (b: Record<string, unknown>) => {
  const n = Number(b.expiresIn);
  if (!Number.isInteger(n) || n < 1) throw invalidRequest('expiresIn must be a positive number of seconds');
  return n;
};

export function signRoutes(app: Hono, ctx: StorageContext): void {
  const { db, key } = ctx;

  app.post('/object/sign/:bucket/:path{.+}', async (c) => {
    const t = await ctx.tx(c);
    const bucket = bucketId(c.req.param('bucket'));
    const name = objectName(c.req.param('path'));
    const seconds = expiresIn(await jsonBody(c));
    const object = await ctx.inTurn(c, () => asCaller(db, t, true, (q) => findObject(q, bucket, name)));
    if (!object) throw objectNotFound();
    return c.json({ signedURL: await signedUrl(key, bucket, name, seconds) });
  });
  app.post('/object/sign/:bucket', async (c) => {
    const t = await ctx.tx(c);
    const bucket = bucketId(c.req.param('bucket'));
    const b = await jsonBody(c);
    const seconds = expiresIn(b);
    if (!Array.isArray(b.paths) || b.paths.some((p) => typeof p !== 'string')) throw invalidRequest('body must have paths: an array of object names');
    const paths = b.paths as string[];
    const visible = await ctx.inTurn(c, () =>
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
            ? { error: null, path, signedURL: await signedUrl(key, bucket, path, seconds) }
            : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
        ),
      ),
    );
  });
}
