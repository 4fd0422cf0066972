/**
 * POST /object/:bucket/:path (x-upsert decides) and PUT (update, always an
 * upsert): the caller's INSERT policies are tried before a byte is read, the
 * bucket's size and type rules before a byte is stored, and a refused row
 * takes its bytes with it.
 */
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { Rollback } from '../../rest/request-tx.ts';
import type { StorageContext } from '../context.ts';
import { invalidMimeType, invalidRequest, tooLarge } from '../errors.ts';
import { bucketId, objectName } from '../object-key.ts';
import { asCaller, tryInsert, writeObject, type Bucket } from '../objects.ts';
import { ownerOf } from '../request.ts';

/** Hosted's global upload limit; a bucket may set a lower one. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

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

/** Wired after the other POSTs under /object/ (index.ts): their paths would match these too. */
export function uploadRoutes(app: Hono, ctx: StorageContext): void {
  const { db, files } = ctx;

  const upload = async (c: Context, upsert: boolean) => {
    const t = await ctx.tx(c);
    const bucket = await ctx.bucketOr404(bucketId(c.req.param('bucket')!));
    const name = objectName(c.req.param('path')!);
    const owner = ownerOf(t);
    await ctx.inTurn(c, () =>
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
      const written = await ctx.inTurn(c, () =>
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

  app.post('/object/:bucket/:path{.+}', (c) => upload(c, c.req.header('x-upsert') === 'true'));
  app.put('/object/:bucket/:path{.+}', (c) => upload(c, true));
}
