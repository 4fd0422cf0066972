/**
 * Issue 41, defects 1 and 2: a restore can be repeated (the second run changes
 * nothing and succeeds, whatever the backup holds), a backup of a site that
 * started from the demo content restores onto a fresh install without a copy
 * of any demo post, and "Remover conteúdo de exemplo" removes exactly the
 * example posts.
 */
import { randomUUID } from 'node:crypto';
import { sizeImageWithSharp } from '../../server/archive/size-image.ts';
import { countDemoPosts, removeDemoContent } from '../../src/features/archive/api/demo-content.ts';
import { exportArchive } from '../../src/features/archive/api/export-archive.ts';
import { importArchive } from '../../src/features/archive/api/import-archive.ts';
import type { ArchivePlan } from '../../src/features/archive/lib/plan.ts';
import { readArchive } from '../../src/features/archive/lib/read-archive.ts';
import { targets, useBackend, type Backend, type Client, type TestUser } from './harness.ts';

const restoreOptions = { language: 'pt' as const, categoryMap: {}, sizeImage: sizeImageWithSharp };
const POST_COLUMNS =
  'id, title, slug, language, date, published, category, excerpt, content, read_time, image_alt, translation_group, translation_outdated, origin_source, origin_id, created_at, updated_at';
/** The seed's example posts: six published and a draft per language. */
const DEMO_POSTS = 14;

async function backupOf(client: Client): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await exportArchive(client, (chunk) => void chunks.push(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

const postsOf = async (b: Backend) => (await b.service.from('blog_posts').select(POST_COLUMNS).order('id')).data!;
const revisionsOf = async (b: Backend) =>
  (await b.sql(`select post_id, saved_at, replaced_at, title, excerpt, content, category, read_time, image_url, image_alt, slug, published, date
                  from public.blog_post_revisions order by post_id, saved_at, replaced_at`));
const subscribersOf = async (b: Backend) =>
  (await b.sql(`select email, languages, status, source, created_at, confirmed_at, unsubscribe_token from public.newsletter_subscribers
                 where status = 'confirmed' order by email`));
const titlesOf = async (b: Backend) => (await postsOf(b)).map((p) => `${p.language} ${p.title}`).sort();

describe.each(targets)('a restore repeated, and the demo content, on $name', (target) => {
  const origin = useBackend(target);
  // a second install, migrated and seeded on its own: its demo posts were written at another moment.
  const fresh = useBackend(target, { newInstall: true });
  const taken = useBackend(target);
  const examples = useBackend(target);
  const older = useBackend(target);
  let author: TestUser;
  let backup: Uint8Array;

  beforeAll(async () => {
    author = await origin.createAdmin('autora');
    const db = author.client;
    const insert = async (row: Record<string, unknown>) => {
      const { data, error } = await db.from('blog_posts').insert(row as never).select('id').single();
      if (error) throw new Error(error.message);
      return data.id;
    };
    const own = await insert({ title: 'Crise em três atos', language: 'pt', published: true, date: '2019-05-03T12:00:00Z', content: 'Texto.', excerpt: 'Resumo.' });
    expect((await db.from('blog_post_corrections').insert({ post_id: own, note: 'Corrigido o ano.' })).error).toBeNull();
    await insert({ title: 'Rascunho dela', language: 'pt', content: 'Ainda não.' });
    // an earlier version of her post, kept by the save.
    expect((await db.from('blog_posts').update({ content: 'Texto revisto.' }).eq('id', own)).error).toBeNull();
    // she rewrote one of the examples: it is still the same post.
    expect((await db.from('blog_posts').update({ title: 'Meu primeiro post de verdade' }).eq('origin_source', 'demo').eq('origin_id', 'pt-2')).error).toBeNull();
    // her readers: two confirmed (one of them imported), and one who never confirmed (not carried: the request lapses).
    await origin.sql(`insert into public.newsletter_subscribers (email, languages, status, source, confirmed_at, created_at)
                      values ('leitora@exemplo.com.br', '{pt}', 'confirmed', 'form', '2026-01-02T10:00:00Z', '2026-01-02T09:58:00Z'),
                             ('reader+blog@example.org', '{pt,en}', 'confirmed', 'import', '2025-12-01T00:00:00Z', '2025-12-01T00:00:00Z')`);
    await origin.sql(`insert into public.newsletter_subscribers (email, languages) values ('talvez@exemplo.com.br', '{en}')`);
    backup = await backupOf(db);
  });

  it('the demo posts are the same posts on every install: fixed ids and the demo origin', async () => {
    const ids = async (b: Backend) => (await b.sql<{ id: string }>(`select id from public.blog_posts where origin_source = 'demo' order by id`)).map((r) => r.id);
    expect(await ids(fresh)).toHaveLength(DEMO_POSTS);
    expect(await ids(fresh)).toEqual(await ids(origin));
  });

  it('restored twice onto a fresh install: the backup’s posts exactly, no copy of a demo post, and the second run changes nothing', async () => {
    const restorer = await fresh.createAdmin('restauradora');
    const first = await importArchive(restorer.client, readArchive(backup, 'backup.zip'), restoreOptions);
    const total = await origin.count('blog_posts');
    expect(first.created + first.updated + first.unchanged).toBe(total);
    // the demo posts were found, not added: only her own two are new.
    expect(first.created).toBe(2);
    expect(await fresh.count('blog_posts')).toBe(total);
    expect(await titlesOf(fresh)).toEqual(await titlesOf(origin));
    expect(await postsOf(fresh)).toEqual(await postsOf(origin));
    // her post's earlier version and the example she rewrote came back; the examples the restore overwrote here left none.
    expect(first.revisionsRestored).toBe(2);
    expect(await revisionsOf(fresh)).toEqual(await revisionsOf(origin));
    // the confirmed readers, with the secrets of the unsubscribe links their mails carry.
    expect(first.subscribersRestored).toBe(2);
    expect(await subscribersOf(fresh)).toEqual(await subscribersOf(origin));
    expect(await fresh.sql(`select email from public.newsletter_subscribers where status = 'pending'`)).toEqual([]);

    const second = await importArchive(restorer.client, readArchive(backup, 'backup.zip'), restoreOptions);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: total, deleted: 0, settingsRestored: 0, revisionsRestored: 0 });
    expect(await postsOf(fresh)).toEqual(await postsOf(origin));
    expect(await revisionsOf(fresh)).toEqual(await revisionsOf(origin));
    expect(second.subscribersRestored).toBe(0);
    expect(await subscribersOf(fresh)).toEqual(await subscribersOf(origin));
    const corrections = async (b: Backend) => (await b.sql(`select post_id, note, created_at from public.blog_post_corrections order by post_id, created_at`));
    expect(await corrections(fresh)).toEqual(await corrections(origin));
  });

  it('a reader can neither read the subscribers’ unsubscribe secrets nor restore earlier versions or subscribers; her export has none', async () => {
    const reader = await taken.createUser('curiosa');
    const refused = (r: { error: { code?: string } | null }) => expect(r.error?.code).toBe('42501');
    refused(await reader.client.rpc('newsletter_backup_subscribers'));
    refused(await taken.anon().rpc('newsletter_backup_subscribers'));
    const { id } = (await origin.service.from('blog_posts').select('id').eq('title', 'Crise em três atos').single()).data!;
    refused(await reader.client.rpc('import_revisions', { revisions: [{ post_id: id, saved_at: '2020-01-01T00:00:00Z', replaced_at: '2020-01-02T00:00:00Z', title: 'x', slug: 'x', date: '2020-01-01T00:00:00Z' }] }));
    refused(await reader.client.rpc('newsletter_restore_subscribers', { subscribers: [{ email: 'intrusa@exemplo.com.br', languages: ['pt'] }] }));
    expect(await taken.sql(`select 1 from public.newsletter_subscribers where email = 'intrusa@exemplo.com.br'`)).toEqual([]);
    const theirs = readArchive(await backupOf(reader.client), 'leitora.zip');
    expect(theirs.backupSubscribers).toBeUndefined();
  });

  it('a backup’s address that another post here holds: the first run gives the post slug-2, the second changes nothing instead of failing', async () => {
    const admin = await taken.createAdmin('dona');
    const { data: hers } = await admin.client.from('blog_posts').insert({ title: 'Crise em três atos', language: 'pt', content: 'Outro texto.' }).select('id, slug').single();
    expect(hers!.slug).toBe('crise-em-tres-atos');

    const first = await importArchive(admin.client, readArchive(backup, 'backup.zip'), restoreOptions);
    const restored = first.posts.find((p) => p.title === 'Crise em três atos')!;
    expect(restored.slug).toBe('crise-em-tres-atos-2');

    const second = await importArchive(admin.client, readArchive(backup, 'backup.zip'), restoreOptions);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: first.posts.length });
    expect(second.posts.find((p) => p.title === 'Crise em três atos')!.slug).toBe('crise-em-tres-atos-2');
    const { data: still } = await admin.client.from('blog_posts').select('slug, content').eq('id', hers!.id).single();
    expect(still).toEqual({ slug: 'crise-em-tres-atos', content: 'Outro texto.' });
  });

  it('a restore over a post she changed since the backup keeps her change as an earlier version', async () => {
    const admin = await taken.createAdmin('editora');
    const { id } = (await admin.client.from('blog_posts').select('id').eq('title', 'Crise em três atos').eq('slug', 'crise-em-tres-atos-2').single()).data!;
    expect((await admin.client.from('blog_posts').update({ content: 'Escrito depois do backup.' }).eq('id', id)).error).toBeNull();
    const report = await importArchive(admin.client, readArchive(backup, 'backup.zip'), restoreOptions);
    expect(report.updated).toBe(1);
    const { data: restored } = await admin.client.from('blog_posts').select('content').eq('id', id).single();
    expect(restored!.content).toBe('Texto revisto.');
    const { data: versions } = await admin.client.from('blog_post_revisions').select('content').eq('post_id', id);
    expect(versions!.map((v) => v.content)).toContain('Escrito depois do backup.');
  });

  it('"Remover conteúdo de exemplo" removes the example posts and nothing of hers; a reader removes nothing', async () => {
    const admin = await examples.createAdmin('nova');
    const { data: mine } = await admin.client.from('blog_posts').insert({ title: 'Meu post', language: 'en', content: 'Mine.' }).select('id').single();
    const reader = await examples.createUser('leitora');
    expect(await removeDemoContent(reader.client)).toBe(0);
    expect(await countDemoPosts(admin.client)).toBe(DEMO_POSTS);

    expect(await removeDemoContent(admin.client)).toBe(DEMO_POSTS);
    expect(await countDemoPosts(admin.client)).toBe(0);
    const left = await examples.sql<{ id: string }>(`select id from public.blog_posts`);
    expect(left.map((r) => r.id)).toContain(mine!.id);
    expect(left.filter((r) => r.id !== mine!.id)).toHaveLength((await origin.count('blog_posts')) - DEMO_POSTS - 2);
    expect(await removeDemoContent(admin.client)).toBe(0);
  });

  it('a backup written before the demo posts had fixed ids, restored with “Remover conteúdo de exemplo”: no example twice', async () => {
    const admin = await older.createAdmin('restaura-antigo');
    // what an older backup reads as: the example posts under ids of their own, with no origin.
    const plan = readArchive(backup, 'antigo.zip');
    const groups = new Map<string, string>();
    const regroup = (group: string) => groups.get(group) ?? groups.set(group, randomUUID()).get(group)!;
    const before: ArchivePlan = {
      ...plan,
      posts: plan.posts.map((p) => {
        if (p.origin.source !== 'demo') return p;
        const id = randomUUID();
        return { ...p, id, translationGroup: p.translationGroup && regroup(p.translationGroup), origin: { source: 'backup', id, url: null } };
      }),
    };
    const report = await importArchive(admin.client, before, { ...restoreOptions, removeDemo: true });
    expect(report).toMatchObject({ demoRemoved: DEMO_POSTS, created: plan.posts.length });
    expect(await older.count('blog_posts')).toBe(plan.posts.length);
    const titles = await titlesOf(older);
    expect(new Set(titles).size).toBe(titles.length);
    expect(await countDemoPosts(admin.client)).toBe(0);
  });
});
