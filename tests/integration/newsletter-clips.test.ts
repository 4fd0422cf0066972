/**
 * Her new clips go to the subscribers of their language, as posts do (issue
 * 43, decision 293), on PGlite and PostgreSQL: a published clip with
 * "Enviar aos assinantes" on is queued once per confirmed subscriber of its
 * language, whatever its (old) date, and never again (a second look, hidden
 * and published again, edited, restored from a backup); off or hidden,
 * nothing; a clip brought in by the import path, nothing; what was sent is
 * the admin's to read alone.
 */
import { randomUUID } from 'node:crypto';
import { sizeImageWithSharp } from '../../server/archive/size-image.ts';
import { savedOutlets, startOutletServer, type OutletServer } from '../../server/clips/outlet-server.ts';
import { exportArchive } from '../../src/features/archive/api/export-archive.ts';
import { importArchive } from '../../src/features/archive/api/import-archive.ts';
import { readArchive } from '../../src/features/archive/lib/read-archive.ts';
import { targets, useBackend, type Client, type TestUser } from './harness.ts';

describe.each(targets)('clips mailed to the subscribers on $name', (target) => {
  let outlets: OutletServer;
  beforeAll(async () => {
    outlets = await startOutletServer([]);
  });
  afterAll(() => outlets.close());

  const backend = useBackend(target, { clips: () => ({ allowHosts: outlets.allowHosts, resolver: outlets.resolver, idleMs: 60_000, linkCheckEveryMs: 0 }) });
  let admin: TestUser;
  const tag = randomUUID().slice(0, 8);
  const reader = (name: string) => `${name}-${tag}@example.com`;

  beforeAll(async () => {
    admin = await backend.createAdmin('clips-mail');
    await backend.sql(
      `insert into public.newsletter_subscribers (email, languages, status, confirmed_at) values
         ($1, '{pt}', 'confirmed', now()), ($2, '{pt,en}', 'confirmed', now()), ($3, '{en}', 'confirmed', now())`,
      [reader('pt'), reader('ambos'), reader('en')],
    );
    await backend.sql(`insert into public.newsletter_subscribers (email, languages) values ($1, '{pt}')`, [reader('pendente')]);
  });

  /** The mails queued for a clip, by recipient (the worker's look queues them; it runs at each drain). */
  const queuedFor = async (clipId: string) => {
    await backend.drainMail();
    await backend.drainMail();
    return (await backend.sql<{ recipient: string }>(`select recipient from private.mail_queue where clip_id = $1 and kind = 'newsletter_clip' order by recipient`, [clipId])).map((r) => r.recipient);
  };
  const addClip = async (client: Client, fields: Record<string, unknown>) => {
    const r = await client.from('clips').insert({ title: `Entrevista ${randomUUID().slice(0, 6)}`, language: 'pt', url: `https://jornal.example/${randomUUID()}`, outlet: 'Jornal', published_on: '2003-04-05', ...fields }).select('id').single();
    expect(r.error).toBeNull();
    return r.data!.id;
  };

  it('a published clip with newsletter on goes once to each confirmed subscriber of its language, whatever its date; never again', async () => {
    const id = await addClip(admin.client, { newsletter: true, status: 'published' });
    expect(await queuedFor(id)).toEqual([reader('ambos'), reader('pt')].sort());
    const [sent] = await backend.sql<{ recipients: number; queued_at: Date }>(`select recipients, queued_at from public.clip_newsletter_sends where clip_id = $1`, [id]);
    expect(sent!.recipients).toBe(2);

    // Hidden and published again, then edited: no new mail.
    expect((await admin.client.from('clips').update({ status: 'hidden' }).eq('id', id)).error).toBeNull();
    await backend.drainMail();
    expect((await admin.client.from('clips').update({ status: 'published' }).eq('id', id)).error).toBeNull();
    expect((await admin.client.from('clips').update({ title: 'Entrevista revista', summary: 'Outro resumo' }).eq('id', id)).error).toBeNull();
    expect(await queuedFor(id)).toHaveLength(2);
    const [again] = await backend.sql<{ queued_at: Date }>(`select queued_at from public.clip_newsletter_sends where clip_id = $1`, [id]);
    expect(again!.queued_at).toEqual(sent!.queued_at);
  });

  it('an English clip goes to the English subscribers only', async () => {
    const id = await addClip(admin.client, { newsletter: true, language: 'en', title: `Crisis ${tag}` });
    expect(await queuedFor(id)).toEqual([reader('ambos'), reader('en')].sort());
  });

  it('newsletter off, or hidden: nothing; hidden then published: it goes then', async () => {
    const off = await addClip(admin.client, { newsletter: false });
    expect(await queuedFor(off)).toEqual([]);
    const hidden = await addClip(admin.client, { newsletter: true, status: 'hidden' });
    expect(await queuedFor(hidden)).toEqual([]);
    expect((await backend.sql(`select 1 from public.clip_newsletter_sends where clip_id = any($1::uuid[])`, [[off, hidden]]))).toEqual([]);
    expect((await admin.client.from('clips').update({ status: 'published' }).eq('id', hidden)).error).toBeNull();
    expect(await queuedFor(hidden)).toHaveLength(2);
  });

  it('the import path never mails: a CSV with default settings, and an address added with newsletter asked for', async () => {
    const ask = async (kind: string, input: string, options: Record<string, unknown> = {}) => {
      const { data, error } = await admin.client.from('clip_jobs').insert({ batch: randomUUID(), kind, input, options: options as never }).select('id').single();
      expect(error).toBeNull();
      await backend.clipsWorker.drain();
      return (await admin.client.from('clip_jobs').select('state, result, error, clip_id').eq('id', data!.id).single()).data!;
    };
    const csvTitle = `Importada ${tag}`;
    const csv = await ask('csv', `title,outlet,date,address,language,summary\n${csvTitle},Folha,2001-02-03,https://folha.example/${randomUUID()},pt,Resumo`);
    expect(csv.result).toEqual({ added: 1, refused: [] });
    const imported = (await admin.client.from('clips').select('id, status, newsletter').eq('title', csvTitle).single()).data!;
    expect(imported).toMatchObject({ status: 'published', newsletter: false });
    expect(await queuedFor(imported.id)).toEqual([]);

    const added = await ask('add', outlets.local(savedOutlets.find((o) => o.file === 'bbc')!.url), { newsletter: true, language: 'pt' });
    expect(added).toMatchObject({ state: 'done', error: null });
    expect((await admin.client.from('clips').select('status, newsletter').eq('id', added.clip_id!).single()).data).toEqual({ status: 'published', newsletter: false });
    expect(await queuedFor(added.clip_id!)).toEqual([]);
  });

  it('a restore never mails a clip again, and keeps an unsent one waiting for its publication', async () => {
    const s = backend.service;
    const mailed = await addClip(s, { newsletter: true });
    expect(await queuedFor(mailed)).toHaveLength(2);
    const waiting = await addClip(s, { newsletter: true, status: 'hidden' });
    expect(await queuedFor(waiting)).toEqual([]);

    const chunks: Uint8Array[] = [];
    await exportArchive(s, (chunk) => void chunks.push(chunk));
    const plan = readArchive(new Uint8Array(Buffer.concat(chunks)), 'backup.zip');
    // Lost: both clips, and with them what was sent (a new install's database has no such rows).
    await s.from('clips').delete().in('id', [mailed, waiting]);
    expect(await backend.sql(`select 1 from public.clip_newsletter_sends where clip_id = $1`, [mailed])).toEqual([]);

    await importArchive(s, plan, { language: 'pt', categoryMap: {}, sizeImage: sizeImageWithSharp });
    expect((await s.from('clips').select('id').in('id', [mailed, waiting])).data).toHaveLength(2);
    expect(await queuedFor(mailed)).toEqual([]);
    expect(await queuedFor(waiting)).toEqual([]);
    expect((await s.from('clips').update({ status: 'published' }).eq('id', waiting)).error).toBeNull();
    expect(await queuedFor(waiting)).toHaveLength(2);

    // A backup made before clips were mailed says nothing of it: what it brings back is not mailed.
    const older = await addClip(s, { newsletter: true, status: 'hidden' });
    const [row] = await backend.sql<{ row: Record<string, unknown> }>(`select to_jsonb(c) as row from public.clips c where id = $1`, [older]);
    await s.from('clips').delete().eq('id', older);
    const restored = await s.rpc('clips_restore', { backup: { feeds: [], clips: [{ ...row!.row, status: 'published' }], copies: [] } as never });
    expect(restored.error).toBeNull();
    expect(await queuedFor(older)).toEqual([]);
  });

  it('what was sent is hers alone: visitors and signed-in readers read nothing of it', async () => {
    const id = await addClip(admin.client, { newsletter: true });
    expect(await queuedFor(id)).toHaveLength(2);
    const anon = await backend.anon().from('clip_newsletter_sends').select('clip_id');
    expect(anon.data ?? []).toEqual([]);
    expect(anon.error?.code).toBe('42501');
    const someone = await backend.createUser('leitor');
    const theirs = await someone.client.from('clip_newsletter_sends').select('clip_id');
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
    const hers = await admin.client.from('clip_newsletter_sends').select('clip_id, recipients').eq('clip_id', id);
    expect(hers.data).toEqual([{ clip_id: id, recipients: 2 }]);
  });
});
