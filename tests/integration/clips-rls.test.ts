/**
 * Her published work (issue 43) behind row level security: visitors and
 * signed-in readers see published clips only, and the archived copy of a
 * clip only while she shows it; the page as fetched (page_path, bucket
 * clip-pages), the feeds she follows and the worker's jobs are hers alone.
 */
import { randomUUID } from 'node:crypto';
import { targets, useBackend, type Client, type TestUser } from './harness.ts';

describe.each(targets)('clips behind RLS on $name', (target) => {
  const backend = useBackend(target);
  let user: TestUser;
  let admin: TestUser;

  const makeClip = async (fields: { status?: string; show_archive?: boolean } = {}) => {
    const { data, error } = await backend.service
      .from('clips')
      .insert({ title: `Clip ${randomUUID().slice(0, 8)}`, language: 'pt', url: `https://jornal.example/${randomUUID()}`, ...fields })
      .select()
      .single();
    if (error) throw new Error(error.message);
    const copy = await backend.service.from('clip_copies').insert({
      clip_id: data!.id, text_markdown: 'Texto arquivado.', page_path: `${data!.id}/page.html.gz`, fetched_at: new Date().toISOString(),
    });
    if (copy.error) throw new Error(copy.error.message);
    return data!;
  };

  beforeAll(async () => {
    user = await backend.createUser('clips-reader');
    admin = await backend.createAdmin('clips-editor');
  });

  it.each(['anon', 'user'] as const)('%s reads published clips only', async (who) => {
    const published = await makeClip();
    const hidden = await makeClip({ status: 'hidden' });
    const client: Client = who === 'anon' ? backend.anon() : user.client;
    const { data, error } = await client.from('clips').select('id, status').in('id', [published.id, hidden.id]);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: published.id, status: 'published' }]);
  });

  it('the admin reads and writes every clip; a reader writes none', async () => {
    const hidden = await makeClip({ status: 'hidden' });
    const read = await admin.client.from('clips').select('id').eq('id', hidden.id);
    expect(read.data).toEqual([{ id: hidden.id }]);
    const edit = await admin.client.from('clips').update({ featured: true }).eq('id', hidden.id).select('featured');
    expect(edit.data).toEqual([{ featured: true }]);
    const byUser = await user.client.from('clips').update({ title: 'Defaced' }).eq('id', hidden.id).select();
    expect(byUser.data).toEqual([]);
    const byAnon = await backend.anon().from('clips').insert({ title: 'Intruso', language: 'pt', url: 'https://x.example/a' });
    expect(byAnon.error?.code).toBe('42501');
    const added = await admin.client.from('clips').insert({ title: 'À mão: Crise & Cia', language: 'pt', url: 'https://y.example/a' }).select('slug').single();
    expect(added.data).toEqual({ slug: 'a-mao-crise-cia' });
    const again = await admin.client.from('clips').insert({ title: 'À mão: Crise & Cia', language: 'pt', url: 'https://y.example/b' }).select('slug').single();
    expect(again.data).toEqual({ slug: 'a-mao-crise-cia-2' });
  });

  it('a copy is public only while its clip is published and shown; the fetched page never reaches a visitor', async () => {
    const shown = await makeClip({ show_archive: true });
    const notShown = await makeClip();
    const hiddenShown = await makeClip({ status: 'hidden', show_archive: true });
    const ids = [shown.id, notShown.id, hiddenShown.id];
    for (const client of [backend.anon(), user.client]) {
      const { data, error } = await client.from('clip_copies').select('clip_id, text_markdown').in('clip_id', ids);
      expect(error).toBeNull();
      expect(data).toEqual([{ clip_id: shown.id, text_markdown: 'Texto arquivado.' }]);
    }
    const pagePath = await backend.anon().from('clip_copies').select('page_path').eq('clip_id', shown.id);
    expect(pagePath.error?.code).toBe('42501');
    const mine = await admin.client.from('clip_copies').select('clip_id, page_path').in('clip_id', ids);
    expect(mine.data).toHaveLength(3);
  });

  it('feeds and jobs are hers alone; a job she asks for starts queued, its result is the worker\'s', async () => {
    await backend.service.from('clip_feeds').insert({ url: `https://jornal.example/autora/${randomUUID()}` });
    for (const client of [backend.anon(), user.client]) {
      expect((await client.from('clip_feeds').select('id')).data ?? []).toEqual([]);
      expect((await client.from('clip_jobs').select('id')).data ?? []).toEqual([]);
    }
    const batch = randomUUID();
    const asked = await admin.client.from('clip_jobs').insert({ batch, kind: 'preview', input: 'https://jornal.example/x' }).select('state').single();
    expect(asked.data).toEqual({ state: 'queued' });
    const forged = await admin.client.from('clip_jobs').insert({ batch, kind: 'preview', state: 'done', result: { title: 'x' } } as never);
    expect(forged.error?.code).toBe('42501');
    const byUser = await user.client.from('clip_jobs').insert({ batch, kind: 'check' });
    expect(byUser.error).not.toBeNull();
    expect((await admin.client.from('clip_jobs').select('id').eq('batch', batch)).data).toHaveLength(1);
  });

  it('the fetched pages bucket is private; clip files are listed by her alone', async () => {
    const name = `${randomUUID()}/page.html.gz`;
    const up = await backend.service.storage.from('clip-pages').upload(name, new Blob([new Uint8Array([0x1f, 0x8b, 8, 0])], { type: 'application/gzip' }), { contentType: 'application/gzip' });
    expect(up.error).toBeNull();
    expect((await backend.anon().storage.from('clip-pages').download(name)).error).not.toBeNull();
    expect((await user.client.storage.from('clip-pages').download(name)).error).not.toBeNull();
    expect((await backend.request(`/storage/v1/object/public/clip-pages/${name}`)).status).toBeGreaterThanOrEqual(400);
    expect((await admin.client.storage.from('clip-pages').download(name)).error).toBeNull();
    const file = `${randomUUID()}/${randomUUID()}.pdf`;
    await backend.service.storage.from('clip-files').upload(file, new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { contentType: 'application/pdf' });
    expect((await backend.request(`/storage/v1/object/public/clip-files/${file}`)).status).toBe(200);
    const listed = await backend.anon().storage.from('clip-files').list(file.split('/')[0]);
    expect(listed.data ?? []).toEqual([]);
    const byUser = await user.client.storage.from('clip-files').upload(`${randomUUID()}/x.pdf`, new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { contentType: 'application/pdf' });
    expect(byUser.error).not.toBeNull();
  });
});
