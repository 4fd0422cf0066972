/**
 * clean-images against a running backend (in memory): pictures no post
 * names go, those a post's cover or text names stay, and so do recent ones.
 */
import { createClient } from '@supabase/supabase-js';
import { startServer, type RunningServer } from '../index.ts';
import { cleanImages, foldersNamedIn, main } from './clean-images.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('foldersNamedIn', () => {
  it('finds the upload folders an address or a text names', () => {
    const base = 'https://x.supabase.co/storage/v1/object/public/post-images/posts';
    expect(foldersNamedIn(`${base}/aa11/1600.webp`)).toEqual(['aa11']);
    expect(foldersNamedIn(`Texto ![a](${base}/bb22/1600.webp) e ![b](${base}/cc33/1600.webp)`)).toEqual(['bb22', 'cc33']);
    expect(foldersNamedIn('https://images.example.com/x.jpg')).toEqual([]);
    expect(foldersNamedIn(null)).toEqual([]);
  });
});

describe('clean-images against a running backend', () => {
  let server: RunningServer;
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});

  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', inMemory: true, seedFile: false });
  });
  afterAll(async () => {
    await server.close();
    log.mockRestore();
  });

  it('removes the folders no post names, keeps the named and the recent ones; --dry-run removes nothing', async () => {
    const supabase = createClient(server.url, server.serviceRoleKey, {
      auth: { persistSession: false },
    });
    const bucket = supabase.storage.from('post-images');
    for (const folder of ['cover', 'intext', 'orphan']) {
      for (const width of [400, 1600]) {
        const { error } = await bucket.upload(`posts/${folder}/${width}.webp`, new Blob([PNG], { type: 'image/webp' }));
        expect(error).toBeNull();
      }
    }
    const url = (folder: string) => bucket.getPublicUrl(`posts/${folder}/1600.webp`).data.publicUrl;
    const { error } = await supabase.from('blog_posts').insert([
      { title: 'Com capa', image_url: url('cover') },
      { title: 'Com foto no texto', content: `Veja: ![foto](${url('intext')})` },
    ]);
    expect(error).toBeNull();

    // Just uploaded: kept by the grace period.
    expect(await cleanImages(supabase, { dryRun: false, keepHours: 24 })).toEqual({ removed: [], kept: 3 });
    const later = Date.now() + 25 * 3_600_000;
    expect(await cleanImages(supabase, { dryRun: true, keepHours: 24 }, later)).toEqual({
      removed: ['posts/orphan/1600.webp', 'posts/orphan/400.webp'],
      kept: 2,
    });
    expect((await bucket.list('posts')).data!.map((e) => e.name)).toEqual(['cover', 'intext', 'orphan']);

    expect(await main(['--keep-hours', '0'], { SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey })).toBe(0);
    expect((await bucket.list('posts')).data!.map((e) => e.name)).toEqual(['cover', 'intext']);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^2 file\(s\) removed, 2 picture folder\(s\) kept/));
  });
});
