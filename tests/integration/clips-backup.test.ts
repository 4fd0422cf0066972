/**
 * Her published work in the backup (issue 43, decision 272): clips, their
 * archived copies, the feeds she follows and the objects of clip-files and
 * clip-pages go into the zip and come back on restore, repeatably.
 */
import { randomUUID } from 'node:crypto';
import { sizeImageWithSharp } from '../../server/archive/size-image.ts';
import { exportArchive } from '../../src/features/archive/api/export-archive.ts';
import { importArchive } from '../../src/features/archive/api/import-archive.ts';
import { readArchive } from '../../src/features/archive/lib/read-archive.ts';
import { targets, useBackend, type Client } from './harness.ts';

async function backupOf(client: Client): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await exportArchive(client, (chunk) => void chunks.push(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

describe.each(targets)('clips in the backup on $name', (target) => {
  const b = useBackend(target);

  it('come back on restore with their copies, feeds and files; a second restore changes nothing', async () => {
    const s = b.service;
    const feed = (await s.from('clip_feeds').insert({ url: `https://jornal.example/autora/${randomUUID()}`, feed_url: 'https://jornal.example/feed.xml' }).select('id').single()).data!;
    const clip = (await s.from('clips').insert({ title: 'Crise em três atos', language: 'pt', url: `https://jornal.example/${randomUUID()}`, outlet: 'Jornal', feed_id: feed.id, show_archive: true, link_status: 'dead' }).select('*').single()).data!;
    const print = (await s.from('clips').insert({ kind: 'print', title: 'Coluna de 1998', language: 'pt', status: 'hidden', file_path: `${randomUUID()}/scan.pdf` }).select('*').single()).data!;
    const pagePath = `${clip.id}/${randomUUID()}.html.gz`;
    await s.storage.from('clip-pages').upload(pagePath, new Blob([new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2])], { type: 'application/gzip' }));
    await s.storage.from('clip-files').upload(print.file_path!, new Blob(['%PDF-1.4 coluna'], { type: 'application/pdf' }));
    await s.from('clip_copies').insert({ clip_id: clip.id, text_markdown: 'O texto **arquivado**.', page_path: pagePath, fetched_at: '2026-01-02T03:04:05Z' });

    const zip = await backupOf(s);
    const plan = readArchive(zip, 'backup.zip');
    expect(plan.backupClips?.clips.map((c) => c.title).sort()).toEqual(['Coluna de 1998', 'Crise em três atos']);
    expect(plan.storedObjects?.map((o) => `${o.bucket}/${o.path}`)).toEqual(expect.arrayContaining([`clip-pages/${pagePath}`, `clip-files/${print.file_path}`]));

    // lost: the clips, the feed and the files.
    await s.from('clips').delete().in('id', [clip.id, print.id]);
    await s.from('clip_feeds').delete().eq('id', feed.id);
    await s.storage.from('clip-pages').remove([pagePath]);
    await s.storage.from('clip-files').remove([print.file_path!]);

    const options = { language: 'pt' as const, categoryMap: {}, sizeImage: sizeImageWithSharp };
    const first = await importArchive(s, plan, options);
    expect(first.clipsRestored).toBe(2);
    const restored = (await s.from('clips').select('*').eq('id', clip.id).single()).data!;
    expect(restored).toMatchObject({ title: clip.title, slug: clip.slug, feed_id: feed.id, show_archive: true, link_status: 'dead', url: clip.url });
    expect((await s.from('clips').select('status, kind').eq('id', print.id).single()).data).toEqual({ status: 'hidden', kind: 'print' });
    expect((await s.from('clip_copies').select('text_markdown, page_path').eq('clip_id', clip.id).single()).data).toEqual({ text_markdown: 'O texto **arquivado**.', page_path: pagePath });
    const page = await s.storage.from('clip-pages').download(pagePath);
    expect(new Uint8Array(await page.data!.arrayBuffer())).toEqual(new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2]));
    expect(await (await s.storage.from('clip-files').download(print.file_path!)).data!.text()).toBe('%PDF-1.4 coluna');

    await importArchive(s, plan, options);
    const counts = await b.sql<{ clips: string; copies: string; feeds: string }>(
      `select (select count(*) from public.clips where id in ($1, $2))::int as clips, (select count(*) from public.clip_copies where clip_id = $1)::int as copies,
              (select count(*) from public.clip_feeds where id = $3)::int as feeds`, [clip.id, print.id, feed.id]);
    expect(counts[0]).toEqual({ clips: 2, copies: 1, feeds: 1 });
  });

  it('a visitor\'s export leaves her clips out', async () => {
    const plan = readArchive(await backupOf(b.anon()), 'visitor.zip');
    expect(plan.backupClips).toBeUndefined();
  });
});
