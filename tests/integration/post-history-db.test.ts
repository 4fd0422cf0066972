/**
 * The database's half of issue 26, through supabase-js on PGlite and
 * PostgreSQL: every save keeps the version it replaced, in the same
 * transaction, and only she can read it; a review link's token is stored as
 * its hash and is the only way a visitor reads a draft, which a wrong,
 * malformed, expired or revoked token, or a deleted post, never does; a
 * correction is public with its post and dates the post's last public change
 * without looking like an edit, and mails no one again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { targets, useBackend, type Client, type TestUser } from './harness.ts';

type PostRow = { id: string; title: string; content: string | null; updated_at: string; revised_at: string | null; slug: string };

describe.each(targets)('revisions, review links and corrections in the database on $name', (target) => {
  const b = useBackend(target);
  let admin: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin('editora');
    reader = await b.createUser('leitor');
  });

  afterEach(async () => {
    await b.sql(`update private.site_clock set skew = interval '0'`);
  });

  const strangers = (): [string, Client][] => [
    ['a visitor', b.anon()],
    ['a signed-in reader', reader.client],
  ];

  const create = async (row: Record<string, unknown> = {}): Promise<PostRow> => {
    const { data, error } = await admin.client
      .from('blog_posts')
      .insert({ language: 'pt', title: `Rascunho ${randomUUID().slice(0, 8)}`, content: 'Primeiro parágrafo.\n\nSegundo parágrafo.', ...row } as never)
      .select()
      .single();
    if (error) throw new Error(`${error.code} ${error.message}`);
    return data as PostRow;
  };
  const save = async (post: PostRow, changes: Record<string, unknown>): Promise<PostRow> => {
    const { data, error } = await admin.client
      .from('blog_posts')
      .update(changes as never)
      .eq('id', post.id)
      .eq('updated_at', post.updated_at)
      .select()
      .single();
    if (error) throw new Error(`${error.code} ${error.message}`);
    return data as PostRow;
  };
  const revisions = (postId: string) =>
    b.sql<{ title: string; content: string | null; published: boolean; saved_at: Date }>(
      'select title, content, published, saved_at from public.blog_post_revisions where post_id = $1 order by id',
      [postId],
    );
  const makeLink = async (postId: string, days?: number) => {
    const { data, error } = await admin.client.rpc('create_review_link', days === undefined ? { post_id: postId } : { post_id: postId, days });
    if (error) throw new Error(`${error.code} ${error.message}`);
    return data![0]!;
  };
  const review = async (client: Client, token: string) => {
    const { data, error } = await client.rpc('review_post', { token });
    expect(error).toBeNull();
    return data ?? [];
  };

  describe('revisions', () => {
    it('a save keeps the version it replaced, with the time that version was saved; a save that changes nothing keeps none', async () => {
      const post = await create();
      const saved = await save(post, { content: 'Só o primeiro.' });
      const kept = await revisions(post.id);
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ title: post.title, content: post.content, published: false });
      expect(new Date(kept[0]!.saved_at).toISOString()).toBe(new Date(post.updated_at).toISOString());
      // The same values again: no new version.
      await save(saved, { content: 'Só o primeiro.' });
      expect(await revisions(post.id)).toHaveLength(1);
    });

    it('a refused save leaves no revision: the save and its revision exist together or not at all', async () => {
      const post = await create();
      // The edit-conflict guard: a save that names an older updated_at changes no row.
      const stale = await admin.client.from('blog_posts').update({ content: 'perdido' }).eq('id', post.id).eq('updated_at', '2000-01-01T00:00:00Z').select();
      expect(stale.data).toEqual([]);
      // A category that is not one of the language's: the trigger refuses the whole save.
      const wrong = await admin.client.from('blog_posts').update({ category: 'Não existe', content: 'perdido' }).eq('id', post.id).select();
      expect(wrong.error).not.toBeNull();
      expect(await revisions(post.id)).toEqual([]);
      const [row] = await b.sql<{ content: string }>('select content from public.blog_posts where id = $1', [post.id]);
      expect(row!.content).toBe(post.content);
    });

    it('restoring a version is a new save: the version it replaces becomes a revision in turn, nothing is lost', async () => {
      const post = await create();
      const cut = await save(post, { content: 'Segundo parágrafo.' });
      const [earlier] = await revisions(post.id);
      const restored = await save(cut, { content: earlier!.content });
      expect(restored.content).toBe(post.content);
      expect((await revisions(post.id)).map((r) => r.content)).toEqual([post.content, 'Segundo parágrafo.']);
    });

    it('publishing and unpublishing are versions too (status and date are kept)', async () => {
      const post = await create();
      const published = await save(post, { published: true });
      await save(published, { published: false });
      expect((await revisions(post.id)).map((r) => r.published)).toEqual([false, true]);
    });

    it('are hers alone: no one else reads, counts, writes or removes them, and she cannot forge one', async () => {
      const post = await create();
      await save(post, { content: 'segredo de rascunho' });
      for (const [who, client] of strangers()) {
        expect((await client.from('blog_post_revisions').select('*')).data ?? [], who).toEqual([]);
        const counted = await client.from('blog_post_revisions').select('*', { count: 'exact', head: true });
        expect(counted.count ?? 0, who).toBe(0);
        await client.from('blog_post_revisions').delete().eq('post_id', post.id);
      }
      expect((await b.anon().from('blog_post_revisions').select('*')).error?.code).toBe('42501');
      const mine = await admin.client.from('blog_post_revisions').select('post_id, content').eq('post_id', post.id);
      expect(mine.data).toEqual([{ post_id: post.id, content: post.content }]);
      const forged = await admin.client
        .from('blog_post_revisions')
        .insert({ post_id: post.id, saved_at: new Date().toISOString(), title: 'falsa', read_time: '1 min', slug: 'x', published: false, date: new Date().toISOString() } as never);
      expect(forged.error?.code).toBe('42501');
      const rewritten = await admin.client.from('blog_post_revisions').update({ content: 'reescrita' } as never).eq('post_id', post.id);
      expect(rewritten.error?.code).toBe('42501');
      expect((await revisions(post.id)).map((r) => r.content)).toEqual([post.content]);
    });

    it('go with their post: deleting it deletes its revisions, review links and corrections', async () => {
      const post = await create({ published: true });
      await save(post, { content: 'outro texto' });
      await makeLink(post.id);
      expect((await admin.client.from('blog_post_corrections').insert({ post_id: post.id, note: 'Nota.' })).error).toBeNull();
      expect((await admin.client.from('blog_posts').delete().eq('id', post.id)).error).toBeNull();
      for (const table of ['blog_post_revisions', 'blog_post_review_links', 'blog_post_corrections']) {
        expect(await b.sql(`select 1 from public.${table} where post_id = $1`, [post.id]), table).toEqual([]);
      }
    });
  });

  describe('review links', () => {
    it('she makes one: a token of 256 bits of hex, shown once, living 7 days unless she says 1 to 30', async () => {
      const post = await create();
      const [clock] = await b.sql<{ now: Date }>('select public.site_now() as now');
      const link = await makeLink(post.id);
      expect(link.token).toMatch(/^[0-9a-f]{64}$/);
      const days = (Date.parse(link.expires_at) - new Date(clock!.now).getTime()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThan(7.01);
      const month = await makeLink(post.id, 30);
      expect((Date.parse(month.expires_at) - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
      for (const wrong of [0, 31, -1]) {
        const { error } = await admin.client.rpc('create_review_link', { post_id: post.id, days: wrong });
        expect(error?.code, String(wrong)).toBe('22023');
      }
      const missing = await admin.client.rpc('create_review_link', { post_id: randomUUID() });
      expect(missing.error?.code).toBe('P0002');
    });

    it('the database keeps only the sha-256 of a token; no API role can read it, hers included', async () => {
      const post = await create();
      const link = await makeLink(post.id);
      const stored = await b.sql<{ hash: Buffer }>('select token_hash as hash from public.blog_post_review_links where id = $1', [link.id]);
      expect(Buffer.from(stored[0]!.hash).toString('hex')).toBe(createHash('sha256').update(link.token).digest('hex'));
      const anywhere = await b.sql(`select 1 from public.blog_post_review_links l where position($1 in l::text) > 0`, [link.token]);
      expect(anywhere).toEqual([]);
      expect((await admin.client.from('blog_post_review_links').select('token_hash')).error?.code).toBe('42501');
      const listed = await admin.client.from('blog_post_review_links').select('id, post_id, expires_at').eq('id', link.id);
      expect(listed.data).toEqual([{ id: link.id, post_id: post.id, expires_at: expect.any(String) }]);
      for (const [who, client] of strangers()) {
        expect((await client.from('blog_post_review_links').select('id')).data ?? [], who).toEqual([]);
        await client.from('blog_post_review_links').delete().eq('id', link.id);
      }
      expect(await b.sql('select 1 from public.blog_post_review_links where id = $1', [link.id])).toHaveLength(1);
    });

    it('no one but her makes a link', async () => {
      const post = await create();
      for (const [who, client] of strangers()) {
        const { data, error } = await client.rpc('create_review_link', { post_id: post.id });
        expect(error?.code, who).toBe('42501');
        expect(data, who).toBeNull();
      }
      expect(await b.sql('select 1 from public.blog_post_review_links where post_id = $1', [post.id])).toEqual([]);
    });

    it('a visitor with the token reads the draft as it stands, her later saves included; the draft is otherwise invisible', async () => {
      const post = await create();
      const link = await makeLink(post.id);
      const visitor = b.anon();
      expect((await visitor.from('blog_posts').select('id').eq('id', post.id)).data).toEqual([]);
      expect((await review(visitor, link.token)).map((p) => [p.id, p.content])).toEqual([[post.id, post.content]]);
      await save(post, { content: 'Texto novo.' });
      expect((await review(visitor, link.token)).map((p) => p.content)).toEqual(['Texto novo.']);
    });

    it('a wrong, malformed, expired or revoked token, or a deleted post, reads nothing, the same nothing', async () => {
      const post = await create();
      const live = await makeLink(post.id);
      const visitor = b.anon();
      const wrong = createHash('sha256').update(live.token).digest('hex');
      const answers = [];
      for (const token of [wrong, live.token.toUpperCase(), live.token.slice(0, 63), `${live.token} `, '', "' or 1=1 --", 'x'.repeat(10_000)]) {
        const { data, error, status } = await visitor.rpc('review_post', { token });
        answers.push({ data, error, status });
      }
      // Expired: by its own date, and by the site's clock moving past it.
      const expiring = await makeLink(post.id);
      await b.sql(`update public.blog_post_review_links set expires_at = now() - interval '1 second' where id = $1`, [expiring.id]);
      answers.push(await visitor.rpc('review_post', { token: expiring.token }).then(({ data, error, status }) => ({ data, error, status })));
      const clocked = await makeLink(post.id, 1);
      expect(await review(visitor, clocked.token)).toHaveLength(1);
      await b.sql(`update private.site_clock set skew = interval '1 day 1 minute'`);
      answers.push(await visitor.rpc('review_post', { token: clocked.token }).then(({ data, error, status }) => ({ data, error, status })));
      await b.sql(`update private.site_clock set skew = interval '0'`);
      // Revoked by her.
      const revoked = await makeLink(post.id);
      expect((await admin.client.from('blog_post_review_links').delete().eq('id', revoked.id)).error).toBeNull();
      answers.push(await visitor.rpc('review_post', { token: revoked.token }).then(({ data, error, status }) => ({ data, error, status })));
      // Its post deleted.
      const gone = await create();
      const goneLink = await makeLink(gone.id);
      await admin.client.from('blog_posts').delete().eq('id', gone.id);
      answers.push(await visitor.rpc('review_post', { token: goneLink.token }).then(({ data, error, status }) => ({ data, error, status })));
      expect(answers).toHaveLength(11);
      for (const answer of answers) expect(answer).toEqual({ data: [], error: null, status: 200 });
      // The live one still works.
      expect(await review(visitor, live.token)).toHaveLength(1);
    });
  });

  describe('corrections', () => {
    const revisedAt = async (id: string) =>
      (await b.sql<{ revised_at: Date | null; updated_at: Date }>('select revised_at, updated_at from public.blog_posts where id = $1', [id]))[0]!;

    it('she adds one to a published post: readers see it with its date, the post is dated as changed, and it is not an edit', async () => {
      const post = await create({ published: true, date: new Date(Date.now() - 86_400_000).toISOString() });
      const before = await revisedAt(post.id);
      expect(before.revised_at).toBeNull();
      const { data, error } = await admin.client.from('blog_post_corrections').insert({ post_id: post.id, note: 'O número certo é 12, não 21.' }).select('note, created_at').single();
      expect(error).toBeNull();
      const after = await revisedAt(post.id);
      expect(new Date(after.revised_at!).toISOString()).toBe(new Date(data!.created_at).toISOString());
      // The open dialog's edit-conflict check still holds: updated_at did not move.
      expect(new Date(after.updated_at).toISOString()).toBe(new Date(before.updated_at).toISOString());
      expect(await revisions(post.id)).toEqual([]);
      const read = await b.anon().from('blog_post_corrections').select('note').eq('post_id', post.id);
      expect(read.data).toEqual([{ note: 'O número certo é 12, não 21.' }]);
    });

    it('only on a published post, only by her, never empty nor longer than 500 characters', async () => {
      const draft = await create();
      expect((await admin.client.from('blog_post_corrections').insert({ post_id: draft.id, note: 'Nota.' })).error?.code).toBe('42501');
      const post = await create({ published: true });
      for (const [who, client] of strangers()) {
        expect((await client.from('blog_post_corrections').insert({ post_id: post.id, note: 'Falsa.' })).error, who).not.toBeNull();
      }
      for (const note of ['   ', 'x'.repeat(501)]) {
        expect((await admin.client.from('blog_post_corrections').insert({ post_id: post.id, note })).error?.code).toBe('23514');
      }
      expect(await b.sql('select 1 from public.blog_post_corrections where post_id in ($1, $2)', [draft.id, post.id])).toEqual([]);
    });

    it('are hidden with their post: unpublished, or scheduled ahead, no reader sees them', async () => {
      const post = await create({ published: true });
      await admin.client.from('blog_post_corrections').insert({ post_id: post.id, note: 'Nota pública.' });
      const current = (await admin.client.from('blog_posts').select().eq('id', post.id).single()).data as PostRow;
      await save(current, { published: false });
      for (const [who, client] of strangers()) {
        expect((await client.from('blog_post_corrections').select('note').eq('post_id', post.id)).data, who).toEqual([]);
      }
    });

    it('a silent edit of the public text dates the post as updated; edits of a draft, a scheduled post or the status alone do not, and no client sets it', async () => {
      const post = await create({ published: true, date: new Date(Date.now() - 3_600_000).toISOString() });
      const statusOnly = await save(post, { newsletter: false, image_alt: null });
      expect((await revisedAt(post.id)).revised_at).toBeNull();
      const forged = await save(statusOnly, { revised_at: '2001-01-01T00:00:00Z' });
      expect(forged.revised_at).toBeNull();
      const typo = await save(forged, { content: 'Primeiro parágrafo corrigido.\n\nSegundo parágrafo.' });
      expect(typo.revised_at).not.toBeNull();
      const draft = await create();
      expect((await save(draft, { content: 'outro' })).revised_at).toBeNull();
      const scheduled = await create({ published: true, date: new Date(Date.now() + 86_400_000).toISOString() });
      expect((await save(scheduled, { content: 'antes da hora' })).revised_at).toBeNull();
    });

    it('the newsletter mails a post once: a correction and a silent edit afterwards send nothing more', async () => {
      await b.sql(`insert into public.newsletter_subscribers (email, languages, status, confirmed_at) values ($1, '{pt}', 'confirmed', now())`, [
        `leitora-${randomUUID().slice(0, 8)}@example.com`,
      ]);
      const post = await create({ published: true, newsletter: true, date: new Date(Date.now() - 60_000).toISOString() });
      await b.sql('select private.newsletter_enqueue_due()');
      const queued = async () => (await b.sql(`select 1 from private.mail_queue where post_id = $1 and kind = 'newsletter_post'`, [post.id])).length;
      const first = await queued();
      expect(first).toBeGreaterThan(0);
      await admin.client.from('blog_post_corrections').insert({ post_id: post.id, note: 'Corrigido.' });
      const current = (await admin.client.from('blog_posts').select().eq('id', post.id).single()).data as PostRow;
      await save(current, { content: 'Texto corrigido.' });
      await b.sql('select private.newsletter_enqueue_due()');
      expect(await queued()).toBe(first);
    });

    it("a backup's corrections come back with their dates, once, by her hand only", async () => {
      const post = await create({ published: true });
      const items = [
        { post_id: post.id, note: 'Primeira.', created_at: '2025-03-01T10:00:00Z' },
        { post_id: post.id, note: 'Segunda.', created_at: '2025-04-01T10:00:00Z' },
      ];
      for (const [who, client] of strangers()) {
        expect((await client.rpc('import_corrections', { corrections: items })).error, who).not.toBeNull();
      }
      expect((await admin.client.rpc('import_corrections', { corrections: items })).data).toBe(2);
      expect((await admin.client.rpc('import_corrections', { corrections: items })).data).toBe(0);
      const rows = await b.sql<{ note: string; created_at: Date }>('select note, created_at from public.blog_post_corrections where post_id = $1 order by created_at', [post.id]);
      expect(rows.map((r) => [r.note, new Date(r.created_at).toISOString()])).toEqual([
        ['Primeira.', '2025-03-01T10:00:00.000Z'],
        ['Segunda.', '2025-04-01T10:00:00.000Z'],
      ]);
      expect(new Date((await revisedAt(post.id)).revised_at!).toISOString()).toBe('2025-04-01T10:00:00.000Z');
    });
  });
});
