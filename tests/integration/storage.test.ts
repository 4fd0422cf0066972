/**
 * The Storage API (issue 12) through the real supabase.storage client against
 * the local backend, on PGlite and PostgreSQL: the post-images bucket of the
 * migration (public, images only, 10 MB, admins write), uploads and upserts,
 * public reads with their headers and ranges, list, info, move, copy, signed
 * URLs, remove, buckets for the service_role, and every refusal as hosted
 * Storage words it, with nothing left behind.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { targets, useBackend, type Client, type TestUser } from './harness.ts';

const BUCKET = 'post-images';
/** The smallest valid PNG (1×1). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const png = (extra = '') => new Blob([PNG, extra], { type: 'image/png' });

interface StorageFailure {
  statusCode?: string;
  status?: number;
  message: string;
}

describe.each(targets)('storage on $name', (target) => {
  const b = useBackend(target);
  let admin: TestUser;
  let user: TestUser;
  let storage: ReturnType<Client['storage']['from']>;
  const publicUrl = (name: string) => `${b.url}/storage/v1/object/public/${BUCKET}/${name}`;
  const storedFiles = () => readdirSync(path.join(b.dataDir, 'storage', 'objects')).filter((f) => !f.endsWith('.part'));
  const rowCount = async () => Number((await b.sql<{ n: string }>(`select count(*) as n from storage.objects`))[0]!.n);

  beforeAll(async () => {
    admin = await b.createAdmin('fotografa');
    user = await b.createUser('leitora');
    storage = admin.client.storage.from(BUCKET);
  });

  it('the migration made a public images bucket of 10 MB', async () => {
    const { data, error } = await b.service.storage.getBucket(BUCKET);
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: BUCKET,
      public: true,
      file_size_limit: 10 * 1024 * 1024,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'],
    });
  });

  it('an admin uploads; anyone reads it by its public URL with its type, cache, ETag, Last-Modified and ranges', async () => {
    const { data, error } = await storage.upload('capas/coletiva.png', png());
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: 'capas/coletiva.png', fullPath: `${BUCKET}/capas/coletiva.png` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.getPublicUrl('capas/coletiva.png').data.publicUrl).toBe(publicUrl('capas/coletiva.png'));

    const res = await fetch(publicUrl('capas/coletiva.png'));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Date.parse(res.headers.get('last-modified')!)).not.toBeNaN();

    const part = await fetch(publicUrl('capas/coletiva.png'), { headers: { Range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1-3/${PNG.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('PNG');
    expect((await fetch(publicUrl('capas/coletiva.png'), { headers: { Range: 'bytes=9999-' } })).status).toBe(416);
    expect((await fetch(publicUrl('capas/coletiva.png'), { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const download = await fetch(`${publicUrl('capas/coletiva.png')}?download`);
    expect(download.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''coletiva.png");
  });

  it('a second upload of a name is refused without upsert, replaces it with upsert or update(), and the old bytes go', async () => {
    await storage.upload('capas/troca.png', png());
    const filesBefore = storedFiles().length;
    const again = await storage.upload('capas/troca.png', png('x'));
    expect((again.error as unknown as StorageFailure).statusCode).toBe('409');
    expect(again.error!.message).toBe('The resource already exists');

    const upserted = await storage.upload('capas/troca.png', png('segunda'), { upsert: true, cacheControl: '60' });
    expect(upserted.error).toBeNull();
    let res = await fetch(publicUrl('capas/troca.png'));
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1').endsWith('segunda')).toBe(true);
    expect(res.headers.get('cache-control')).toBe('max-age=60');

    const updated = await storage.update('capas/troca.png', png('terceira'));
    expect(updated.error).toBeNull();
    res = await fetch(publicUrl('capas/troca.png'));
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1').endsWith('terceira')).toBe(true);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('downloads with the session, and tells info and existence', async () => {
    await storage.upload('textos/foto.png', png());
    const { data, error } = await storage.download('textos/foto.png');
    expect(error).toBeNull();
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(PNG);
    const info = await storage.info('textos/foto.png');
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: 'textos/foto.png', bucketId: BUCKET, size: PNG.length, contentType: 'image/png' });
    expect((await storage.exists('textos/foto.png')).data).toBe(true);
    expect((await storage.exists('textos/nada.png')).data).toBe(false);
  });

  it('lists a folder: files and sub-folders by name, 100 by default, with offset, limit and search', async () => {
    for (const name of ['lista/b.png', 'lista/a.png', 'lista/c.png', 'lista/sub/d.png']) await storage.upload(name, png());
    const { data, error } = await storage.list('lista');
    expect(error).toBeNull();
    expect(data!.map((e) => [e.name, e.id === null])).toEqual([
      ['a.png', false],
      ['b.png', false],
      ['c.png', false],
      ['sub', true],
    ]);
    expect(data![0]!.metadata).toMatchObject({ size: PNG.length, mimetype: 'image/png', cacheControl: 'max-age=3600' });
    expect((await storage.list('lista', { limit: 2, offset: 1 })).data!.map((e) => e.name)).toEqual(['b.png', 'c.png']);
    expect((await storage.list('lista', { search: 'C' })).data!.map((e) => e.name)).toEqual(['c.png']);
    expect((await storage.list('lista', { sortBy: { column: 'name', order: 'desc' } })).data!.map((e) => e.name)).toEqual(['sub', 'c.png', 'b.png', 'a.png']);
  });

  it('only the admin lists, inspects or downloads with a session; everyone else gets the public URL alone (issue 22)', async () => {
    await storage.upload('rascunho/capa-secreta.png', png());
    for (const [who, client] of [['anon', b.anon()], ['a signed-in user', user.client]] as const) {
      const listed = await client.storage.from(BUCKET).list('rascunho');
      expect(listed.error, who).toBeNull();
      expect(listed.data, who).toEqual([]);
      expect((await client.storage.from(BUCKET).list('')).data, who).toEqual([]);
      expect((await client.storage.from(BUCKET).info('rascunho/capa-secreta.png')).error, who).not.toBeNull();
      expect((await client.storage.from(BUCKET).exists('rascunho/capa-secreta.png')).data, who).toBe(false);
    }
    // Served to anyone who has its address, as a public bucket's file is.
    expect((await fetch(publicUrl('rascunho/capa-secreta.png'))).status).toBe(200);
    expect((await storage.list('rascunho')).data!.map((e) => e.name)).toEqual(['capa-secreta.png']);
  });

  it('moves and copies', async () => {
    await storage.upload('mover/origem.png', png());
    expect((await storage.move('mover/origem.png', 'mover/destino.png')).error).toBeNull();
    expect((await fetch(publicUrl('mover/destino.png'))).status).toBe(200);
    expect((await fetch(publicUrl('mover/origem.png'))).status).toBe(400);
    const copied = await storage.copy('mover/destino.png', 'mover/copia.png');
    expect(copied.error).toBeNull();
    expect(copied.data!.path).toBe(`${BUCKET}/mover/copia.png`);
    expect(Buffer.from(await (await fetch(publicUrl('mover/copia.png'))).arrayBuffer())).toEqual(PNG);
    const missing = await storage.move('mover/nada.png', 'mover/x.png');
    expect((missing.error as unknown as StorageFailure).statusCode).toBe('404');
  });

  it('signs URLs that work without a session until they expire, for that object only', async () => {
    await storage.upload('assinada/a.png', png());
    const { data, error } = await storage.createSignedUrl('assinada/a.png', 60);
    expect(error).toBeNull();
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const other = await fetch(`${b.url}/storage/v1/object/sign/${BUCKET}/capas/coletiva.png?token=${token}`);
    expect(other.status).toBe(400);
    expect((await other.json()).statusCode).toBe('403');
    const many = await storage.createSignedUrls(['assinada/a.png', 'assinada/nada.png'], 60);
    expect(many.data!.map((s) => [s.path, s.error === null])).toEqual([
      ['assinada/a.png', true],
      ['assinada/nada.png', false],
    ]);
  });

  it('removes, answering with what was removed; the bytes go too', async () => {
    await storage.upload('apagar/a.png', png());
    const files = storedFiles().length;
    const { data, error } = await storage.remove(['apagar/a.png', 'apagar/nada.png']);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name)).toEqual(['apagar/a.png']);
    expect(storedFiles().length).toBe(files - 1);
    const gone = await fetch(publicUrl('apagar/a.png'));
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({ statusCode: '404', error: 'not_found', code: 'NoSuchKey', message: 'Object not found' });
  });

  describe('refusals leave nothing behind', () => {
    it.each(['anon', 'user'] as const)('%s cannot upload, replace or remove', async (who) => {
      const client = who === 'anon' ? b.anon() : user.client;
      const rows = await rowCount();
      const files = storedFiles().length;
      const up = await client.storage.from(BUCKET).upload(`intruso-${who}.png`, png());
      expect((up.error as unknown as StorageFailure).statusCode).toBe('403');
      expect(up.error!.message).toBe('new row violates row-level security policy');
      const replace = await client.storage.from(BUCKET).upload('capas/coletiva.png', png('x'), { upsert: true });
      expect((replace.error as unknown as StorageFailure).statusCode).toBe('403');
      const removed = await client.storage.from(BUCKET).remove(['capas/coletiva.png']);
      expect(removed.data ?? []).toEqual([]);
      expect((await fetch(publicUrl('capas/coletiva.png'))).status).toBe(200);
      expect(await rowCount()).toBe(rows);
      expect(storedFiles().length).toBe(files);
    });

    it('a stranger is refused before the body is read: 403, not the size or the type', async () => {
      const res = await fetch(`${b.url}/storage/v1/object/${BUCKET}/grande-demais.html`, {
        method: 'POST',
        headers: { apikey: b.anonKey, authorization: `Bearer ${b.anonKey}`, 'content-type': 'text/html' },
        body: new Uint8Array(11 * 1024 * 1024),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).statusCode).toBe('403');
    });

    it.each([
      ['text/html', '<script>alert(1)</script>'],
      ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['application/pdf', '%PDF-1.4'],
    ])('a %s file is refused (415)', async (type, text) => {
      const rows = await rowCount();
      const files = storedFiles().length;
      const { error } = await storage.upload(`tipos/arquivo`, new Blob([text], { type }));
      expect((error as unknown as StorageFailure).statusCode).toBe('415');
      expect(error!.message).toBe(`mime type ${type} is not supported`);
      expect(await rowCount()).toBe(rows);
      expect(storedFiles().length).toBe(files);
    });

    it('a file over 10 MB is refused (413)', async () => {
      const rows = await rowCount();
      const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/png' });
      const { error } = await storage.upload('grande.png', big);
      expect((error as unknown as StorageFailure).statusCode).toBe('413');
      expect(error!.message).toBe('The object exceeded the maximum allowed size');
      expect(await rowCount()).toBe(rows);
    });

    it('an unknown bucket and a bad key say so', async () => {
      const missing = await admin.client.storage.from('nao-existe').upload('a.png', png());
      expect((missing.error as unknown as StorageFailure).statusCode).toBe('404');
      expect(missing.error!.message).toBe('Bucket not found');
      // Hosted Storage's rule for names: letters, digits and a few signs (no <, >, non-ASCII…).
      const bad = await storage.upload('pasta/<b>.png', png());
      expect((bad.error as unknown as StorageFailure).statusCode).toBe('400');
      expect(bad.error!.message).toBe('Invalid key: pasta/<b>.png');
    });
  });

  describe('buckets', () => {
    it('the service_role creates, updates, empties and deletes; others see none and create none', async () => {
      const svc = b.service.storage;
      expect((await svc.createBucket('rascunhos', { public: false, fileSizeLimit: 1024, allowedMimeTypes: ['image/png'] })).error).toBeNull();
      // The migrations' buckets (post pictures, published work's files and fetched pages) and the new one.
      expect((await svc.listBuckets()).data!.map((x) => x.id).sort()).toEqual([BUCKET, 'clip-files', 'clip-pages', 'rascunhos'].sort());
      expect((await svc.updateBucket('rascunhos', { public: true })).error).toBeNull();
      expect((await svc.getBucket('rascunhos')).data).toMatchObject({ public: true, file_size_limit: null });
      await svc.from('rascunhos').upload('a.png', png());
      const notEmpty = await svc.deleteBucket('rascunhos');
      expect((notEmpty.error as unknown as StorageFailure).statusCode).toBe('409');
      expect((await svc.emptyBucket('rascunhos')).error).toBeNull();
      expect((await svc.deleteBucket('rascunhos')).error).toBeNull();
      expect((await svc.getBucket('rascunhos')).error!.message).toBe('Bucket not found');

      expect((await b.anon().storage.listBuckets()).data).toEqual([]);
      const denied = await admin.client.storage.createBucket('meu');
      expect((denied.error as unknown as StorageFailure).statusCode).toBe('403');
    });
  });
});
