/**
 * The site's own copies of repliers' pictures (issue 45, migration
 * 20261128190200): a reader of a post with replies loads every picture from
 * the site, never from the repliers' servers, which would learn who reads
 * her and when. The delivery worker (delivery.ts), which runs in the local
 * backend and as `npm run fediverse-worker`, calls `keepAvatarCopies` on
 * each look: the pictures of replies not yet copied are fetched through the
 * outbound rules (public addresses, 1 MB, 10 s), checked to be a PNG, JPEG,
 * GIF, WebP or AVIF by its bytes, re-encoded by sharp (5 s at most) to a
 * 96 px webp (nothing of the original file is kept: no metadata, no
 * animation), stored in private.fediverse_avatars, and the replies point at
 * /ap/avatars/<key>.webp (routes.ts serves it while an approved reply shows
 * it). Only approved replies' pictures are fetched: a reply she has not
 * approved, or rejected, makes the site fetch nothing. A picture that
 * cannot be fetched or read is tried again a day later; meanwhile the reply
 * shows none.
 */
import sharp from 'sharp';
import type { Queryable } from '../db/database.ts';
import type { PublicFetch } from '../outbound/public-fetch.ts';
import { avatarCopyPath } from './paths.ts';

const SIZE = 96;
const KEY = `encode(sha256(convert_to(r.avatar_source, 'UTF8')), 'hex')`;

/** Replies whose picture is copied already: pointed at it. Pictures not tried (or failed a day ago): fetched. */
const WAITING = `
  select r.avatar_source as source, ${KEY} as key, a.bytes is not null as kept
    from public.fediverse_replies r
    left join private.fediverse_avatars a on a.key = ${KEY}
   where r.avatar_source is not null and r.avatar_url is null and r.state = 'approved'
     and (a.key is null or a.bytes is not null or a.failed_at < now() - interval '1 day')`;

/** The picture's format by its first bytes, when it is one sharp may read here. */
function pictureFormat(b: Buffer): string | undefined {
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (b.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]$/.test(b.subarray(8, 12).toString('latin1'))) return 'avif';
  return undefined;
}

async function copyOf(publicFetch: PublicFetch, source: string): Promise<Buffer> {
  const response = await publicFetch(source, { headers: { Accept: 'image/webp,image/png,image/jpeg,image/gif,image/avif' } });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!/^image\/(png|jpeg|webp|gif|avif)$/.test(type)) {
    await response.body?.cancel();
    throw new Error(`not a picture (${type || 'no type'})`);
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  // sharp reads the format from the bytes, not the header: only these go in (no SVG, no TIFF, no PDF).
  if (!pictureFormat(bytes)) throw new Error('not a PNG, JPEG, GIF, WebP or AVIF picture');
  return sharp(bytes, { failOn: 'error', limitInputPixels: 25_000_000, animated: false })
    .timeout({ seconds: 5 })
    .rotate()
    .resize(SIZE, SIZE, { fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer();
}

/** One pass over the pictures waiting; how many replies it settled (copied or failed). Read first: an idle pass writes nothing. */
export async function keepAvatarCopies(db: Queryable, publicFetch: PublicFetch, limit = 10): Promise<number> {
  const waiting = (await db.query<{ source: string; key: string; kept: boolean }>(`${WAITING} limit $1`, [limit])).rows;
  const seen = new Set<string>();
  for (const { source, key, kept } of waiting) {
    if (seen.has(key)) continue;
    seen.add(key);
    if (!kept) {
      try {
        const bytes = await copyOf(publicFetch, source);
        await db.query(
          `insert into private.fediverse_avatars (key, source_url, bytes, fetched_at) values ($1, $2, $3, now())
           on conflict (key) do update set bytes = excluded.bytes, fetched_at = excluded.fetched_at, failed_at = null, last_error = null`,
          [key, source, bytes],
        );
      } catch (e) {
        await db.query(
          `insert into private.fediverse_avatars (key, source_url, failed_at, last_error) values ($1, $2, now(), $3)
           on conflict (key) do update set failed_at = excluded.failed_at, last_error = excluded.last_error`,
          [key, source, (e as Error).message.slice(0, 500)],
        );
        continue;
      }
    }
    await db.query(
      `update public.fediverse_replies r set avatar_url = $2 where r.avatar_source = $1 and r.avatar_url is null`,
      [source, avatarCopyPath(key)],
    );
  }
  return seen.size;
}

/** The copy's bytes, for /ap/avatars/<key>.webp; undefined when there is none. */
export async function readAvatarCopy(db: Queryable, key: string): Promise<Uint8Array | undefined> {
  const r = await db.query<{ bytes: Uint8Array }>(`select bytes from private.fediverse_avatars where key = $1 and bytes is not null`, [key]);
  return r.rows[0]?.bytes;
}
