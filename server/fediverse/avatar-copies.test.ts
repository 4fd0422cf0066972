/**
 * Repliers' pictures, copied by the site before a reader sees them (issue
 * 45): a picture is fetched once through the outbound rules, re-encoded to
 * a 96 px webp and served from the site; what is not a picture, or sits on a
 * private address, is refused, and the reply shows none; an idle pass
 * writes nothing. End to end (a reply from another server, the page):
 * tests/integration/fediverse.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PROJECT_ROOT } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { copyPgliteTemplate } from '../db/testing/templates.ts';
import { createPublicFetch, type PublicFetch } from '../outbound/public-fetch.ts';
import { keepAvatarCopies } from './avatar-copies.ts';

let db: Database;
let dataDir: string;
let server: Server;
let origin: string;
let allowed: PublicFetch;
let strict: PublicFetch;
let postId: string;
let png: Buffer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fediverse-avatars-'));
  const migrationsDir = path.join(PROJECT_ROOT, 'supabase', 'migrations');
  await copyPgliteTemplate(dataDir, { migrationsDir });
  ({ db } = await openDatabase({ dataDir, migrationsDir }));
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } }).png().toBuffer();
  server = createServer((req, res) => {
    const at = new URL(req.url!, 'http://x').pathname;
    if (at === '/bob.png') return void res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    if (at === '/page.png') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>alert(1)</script>');
    if (at === '/broken.png') return void res.writeHead(200, { 'Content-Type': 'image/png' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  allowed = createPublicFetch({ timeoutMs: 5_000, maxBytes: 1024 * 1024, allow: ['127.0.0.1'] });
  strict = createPublicFetch({ timeoutMs: 5_000, maxBytes: 1024 * 1024 });
  const [post] = (await db.query<{ id: string }>(`insert into public.blog_posts (title, content, language, published) values ('Com respostas', 'Texto.', 'pt', true) returning id`)).rows;
  postId = post!.id;
}, 60_000);

afterAll(async () => {
  await allowed.close();
  await strict.close();
  server.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let n = 0;
async function replyWithPicture(source: string, state = 'approved'): Promise<string> {
  n++;
  const r = await db.query<{ id: string }>(
    `insert into public.fediverse_replies (post_id, object_id, actor_id, content, published, avatar_source, state)
     values ($1, $2, 'https://social.example/users/bob', '<p>oi</p>', now(), $3, $4) returning id`,
    [postId, `https://social.example/notes/${n}`, source, state],
  );
  return r.rows[0]!.id;
}
const avatarOf = async (id: string) => (await db.query<{ avatar_url: string | null }>(`select avatar_url from public.fediverse_replies where id = $1`, [id])).rows[0]!.avatar_url;

it('fetches nothing for a reply she has not approved, or rejected', async () => {
  const pending = await replyWithPicture(`${origin}/bob.png?pending`, 'pending');
  const rejected = await replyWithPicture(`${origin}/bob.png?rejected`, 'rejected');
  expect(await keepAvatarCopies(db, allowed)).toBe(0);
  expect(await avatarOf(pending)).toBeNull();
  expect(await avatarOf(rejected)).toBeNull();
  await db.query(`delete from public.fediverse_replies where id in ($1, $2)`, [pending, rejected]);
});

it('copies a picture once as a 96 px webp, for every reply that shows it, and serves nothing of the original', async () => {
  const first = await replyWithPicture(`${origin}/bob.png`);
  const second = await replyWithPicture(`${origin}/bob.png`);
  expect(await keepAvatarCopies(db, allowed)).toBe(1);
  const url = await avatarOf(first);
  expect(url).toMatch(/^\/ap\/avatars\/[0-9a-f]{64}\.webp$/);
  expect(await avatarOf(second)).toBe(url);
  const [kept] = (await db.query<{ bytes: Uint8Array }>(`select bytes from private.fediverse_avatars where key = $1`, [url!.slice(12, 76)])).rows;
  expect(await sharp(Buffer.from(kept!.bytes)).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
});

it('refuses what is not a picture and what sits on a private address: the reply shows none, tried again a day later', async () => {
  const html = await replyWithPicture(`${origin}/page.png`);
  const broken = await replyWithPicture(`${origin}/broken.png`);
  expect(await keepAvatarCopies(db, allowed)).toBe(2);
  const privateOne = await replyWithPicture(`${origin}/bob.png?again`);
  expect(await keepAvatarCopies(db, strict)).toBe(1);
  for (const id of [html, broken, privateOne]) expect(await avatarOf(id)).toBeNull();
  const failures = (await db.query<{ last_error: string }>(`select last_error from private.fediverse_avatars where bytes is null order by source_url`)).rows.map((r) => r.last_error);
  expect(failures).toEqual([expect.stringMatching(/Endereço recusado/), 'not a PNG, JPEG, GIF, WebP or AVIF picture', 'not a picture (text/html)']);
  // Not again today; again after a day (then from an allowed address it works).
  expect(await keepAvatarCopies(db, allowed)).toBe(0);
  await db.query(`update private.fediverse_avatars set failed_at = now() - interval '25 hours' where bytes is null`);
  expect(await keepAvatarCopies(db, allowed)).toBe(3);
  expect(await avatarOf(privateOne)).toMatch(/^\/ap\/avatars\//);
  expect(await avatarOf(html)).toBeNull();
});

it('an idle pass writes nothing to the embedded database', async () => {
  const before = db.writes!;
  for (let i = 0; i < 5; i++) expect(await keepAvatarCopies(db, allowed)).toBe(0);
  expect(db.writes).toBe(before);
});
