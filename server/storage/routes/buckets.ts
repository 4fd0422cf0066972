/**
 * /bucket: list, get, create, update, empty and delete buckets. RLS on
 * storage.buckets decides who may: without policies, the service_role only.
 */
import type { Hono } from 'hono';
import type { StorageContext } from '../context.ts';
import { bucketNotFound, invalidRequest, StorageError } from '../errors.ts';
import { bucketId } from '../object-key.ts';
import { asCaller, listBuckets } from '../objects.ts';
import { jsonBody } from '../request.ts';

function sizeLimit(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw invalidRequest('file_size_limit must be a positive number of bytes');
  return n;
}

const bucketFields = (b: Record<string, unknown>) => ({
  public: typeof b.public === 'boolean' ? b.public : false,
  file_size_limit: b.file_size_limit === undefined || b.file_size_limit === null ? null : sizeLimit(b.file_size_limit),
  allowed_mime_types: Array.isArray(b.allowed_mime_types) ? b.allowed_mime_types.map(String) : null,
});

export function bucketRoutes(app: Hono, ctx: StorageContext): void {
  const { db, files } = ctx;

  app.get('/bucket', async (c) => {
    const t = await ctx.tx(c);
    return c.json(await ctx.inTurn(c, () => asCaller(db, t, true, listBuckets)));
  });
  app.get('/bucket/:id', async (c) => {
    const t = await ctx.tx(c);
    const id = bucketId(c.req.param('id'));
    const found = (await ctx.inTurn(c, () => asCaller(db, t, true, listBuckets))).find((b) => b.id === id);
    if (!found) throw bucketNotFound();
    return c.json(found);
  });
  app.post('/bucket', async (c) => {
    const t = await ctx.tx(c);
    const b = await jsonBody(c);
    const name = bucketId(String(b.name ?? b.id ?? ''));
    const id = bucketId(String(b.id ?? name));
    const f = bucketFields(b);
    await ctx.inTurn(c, () =>
      asCaller(db, t, false, (q) =>
        q.query(`insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5)`, [
          id, name, f.public, f.file_size_limit, f.allowed_mime_types,
        ]),
      ),
    );
    return c.json({ name });
  });
  app.put('/bucket/:id', async (c) => {
    const t = await ctx.tx(c);
    const id = bucketId(c.req.param('id'));
    const f = bucketFields(await jsonBody(c));
    const { rows } = await ctx.inTurn(c, () =>
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
    const t = await ctx.tx(c);
    const id = bucketId(c.req.param('id'));
    const removed = await ctx.inTurn(c, () =>
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
    const t = await ctx.tx(c);
    const id = bucketId(c.req.param('id'));
    await ctx.inTurn(c, () =>
      asCaller(db, t, false, async (q) => {
        const { rows: left } = await q.query(`select 1 from storage.objects where bucket_id = $1 limit 1`, [id]);
        if (left.length > 0) throw new StorageError(409, 'Bucket not empty', 'InvalidRequest', 'The bucket you tried to delete is not empty');
        const { rows } = await q.query(`delete from storage.buckets where id = $1 returning id`, [id]);
        if (rows.length === 0) throw bucketNotFound();
      }),
    );
    return c.json({ message: 'Successfully deleted' });
  });
}
