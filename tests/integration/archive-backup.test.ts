/**
 * Backup and restore (issue 24), on PGlite and PostgreSQL: "Exportar tudo"
 * from one site, imported into a fresh install, gives back the same posts
 * (ids, addresses, old addresses, dates, statuses, translation links,
 * pictures byte for byte) and settings; exported again, the same content.
 * Imported into the site that wrote it, it changes nothing. It never holds
 * users, password hashes, keys or sessions.
 */
import { exportArchive } from '../../src/features/archive/api/export-archive.ts';
import { importArchive } from '../../src/features/archive/api/import-archive.ts';
import { sizeImageWithSharp } from '../../server/archive/size-image.ts';
import { readBackup } from '../../src/features/archive/lib/backup-format.ts';
import type { ArchivePlan } from '../../src/features/archive/lib/plan.ts';
import { readArchive } from '../../src/features/archive/lib/read-archive.ts';
import { openZip } from '../../src/features/archive/lib/zip.ts';
import { targets, useBackend, type Client, type TestUser } from './harness.ts';

/** The smallest valid PNG (1×1). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function backupOf(client: Client): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await exportArchive(client, (chunk) => void chunks.push(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

const restoreOptions = { language: 'pt' as const, categoryMap: {}, sizeImage: sizeImageWithSharp };

/** What a backup says, with the bucket's address of the site that wrote it taken out. */
function content(plan: ArchivePlan) {
  const base = plan.storageBase!;
  const strip = (v: string | null | undefined) => (typeof v === 'string' ? v.split(base).join('<storage>/') : v);
  return {
    posts: plan.posts
      .map((p) => ({ ...p, content: strip(p.content), imageUrl: strip(p.imageUrl) }))
      .sort((a, b) => a.id!.localeCompare(b.id!)),
    settings: plan.settings,
    objects: plan.storedObjects!.map((o) => ({ bucket: o.bucket, path: o.path, contentType: o.contentType, bytes: Buffer.from(plan.readEntry!(o.entry)).toString('base64') })),
  };
}

describe.each(targets)('backup and restore on $name', (target) => {
  const first = useBackend(target);
  const fresh = useBackend(target, { newInstall: true });
  let admin: TestUser;
  let ids: Record<string, string>;
  let backup: Uint8Array;

  beforeAll(async () => {
    admin = await first.createAdmin('autora');
    const db = admin.client;
    const bucket = db.storage.from('post-images');
    expect((await bucket.upload('posts/capa/1600.png', PNG, { contentType: 'image/png' })).error).toBeNull();
    const cover = bucket.getPublicUrl('posts/capa/1600.png').data.publicUrl;

    const insert = async (row: Record<string, unknown>) => {
      const { data, error } = await db.from('blog_posts').insert(row as never).select('id').single();
      if (error) throw new Error(error.message);
      return data.id;
    };
    const published = await insert({
      title: 'Crise em três atos',
      language: 'pt',
      published: true,
      date: '2019-05-03T12:00:00Z',
      category: 'Comunicação de Crise',
      excerpt: 'Um resumo.',
      content: `Texto com **negrito**.\n\n![Capa](${cover})\n`,
      image_url: cover,
      image_alt: 'Uma capa',
      read_time: '4 min',
    });
    // published under one address, then moved: the old one must keep leading to it.
    expect((await db.from('blog_posts').update({ slug: 'crise-em-tres-atos-revista' }).eq('id', published)).error).toBeNull();
    // a public correction (issue 26): part of what readers read, so part of the backup.
    expect((await db.from('blog_post_corrections').insert({ post_id: published, note: 'O terceiro ato foi em 2018.' })).error).toBeNull();
    const { data: group } = await db.rpc('ensure_translation_group', { post_id: published });
    const english = await insert({
      title: 'Crisis in three acts',
      language: 'en',
      published: true,
      date: '2019-05-04T12:00:00Z',
      category: 'Crisis Communication',
      content: 'Text.',
      translation_group: group,
    });
    const draft = await insert({ title: 'Rascunho', language: 'pt', content: '---\nnão é front matter\n  ' });
    const scheduled = await insert({ title: 'Agendado', language: 'pt', published: true, date: '2030-01-01T09:00:00Z', content: 'Logo.' });
    ids = { published, english, draft, scheduled };
    expect((await db.from('site_settings').update({ value: 'Olá, leitores' }).eq('key', 'hero_title').eq('language', 'pt')).error).toBeNull();

    backup = await backupOf(db);
  });

  it('the backup holds posts, settings and pictures, and nothing of users, keys or sessions', async () => {
    const zip = openZip(backup);
    expect(zip.names).toContain('manifest.json');
    expect(zip.names).toContain('settings.json');
    expect(zip.names.some((n) => n.endsWith('posts/capa/1600.png'))).toBe(true);
    const everything = zip.names.map((n) => zip.text(n)).join('\n');
    expect(everything).toContain('Crise em três atos');
    expect(everything).toContain('Rascunho');
    expect(everything).not.toMatch(/encrypted_password|refresh_token|service_role|jwt[-_]secret|@example\.com/i);
    expect(everything).not.toContain(first.serviceRoleKey);
  });

  it('restored on a fresh install: the same ids, addresses, old addresses, dates, links, pictures and settings; exported again, the same content', async () => {
    const restorer = await fresh.createAdmin('restauradora');
    const plan = readArchive(backup, 'backup.zip');
    expect(plan.source).toBe('backup');
    // a fresh install holds the demo posts, the same posts (ids) as the backup's: found, not added; her own
    // post, written there, is not in the backup and goes with replace, which makes the site the backup's exactly.
    const demo = await fresh.count('blog_posts');
    await restorer.client.from('blog_posts').insert({ title: 'Só nesta instalação', language: 'pt', content: '.' });
    const report = await importArchive(restorer.client, plan, { ...restoreOptions, replace: true });
    expect(report).toMatchObject({ created: (await first.count('blog_posts')) - demo, deleted: 1, objectsRestored: 1, settingsRestored: 1 });
    expect(report.created + report.updated + report.unchanged).toBe(await first.count('blog_posts'));

    const columns = 'id, title, slug, language, date, published, category, excerpt, content, read_time, image_alt, translation_group, translation_outdated, created_at, updated_at';
    const { data: before } = await first.service.from('blog_posts').select(columns).order('id');
    const { data: after } = await fresh.service.from('blog_posts').select(columns).order('id');
    // this site's pictures are at this site's address.
    const moved = before!.map((p) => ({ ...p, content: p.content?.split(first.url).join(fresh.url) ?? null }));
    expect(after).toEqual(moved);

    const slugs = async (b: typeof first) => (await b.sql(`select language, slug, post_id, shared from public.blog_post_slugs order by language, slug`));
    expect(await slugs(fresh)).toEqual(await slugs(first));
    expect((await slugs(fresh)).map((s) => s.slug)).toContain('crise-em-tres-atos');

    const { data: restoredCover } = await fresh.service.from('blog_posts').select('image_url, content').eq('id', ids.published!).single();
    expect(restoredCover!.image_url).toBe(`${fresh.url}/storage/v1/object/public/post-images/posts/capa/1600.png`);
    expect(restoredCover!.content).toContain(restoredCover!.image_url!);
    expect(Buffer.from(await (await fetch(restoredCover!.image_url!)).arrayBuffer())).toEqual(PNG);

    const corrections = async (b: typeof first) =>
      (await b.service.from('blog_post_corrections').select('post_id, note, created_at').order('created_at')).data!.map((c) => ({ ...c, created_at: Date.parse(c.created_at) }));
    expect(await corrections(fresh)).toEqual(await corrections(first));
    expect((await corrections(fresh)).map((c) => c.note)).toEqual(['O terceiro ato foi em 2018.']);
    const revised = async (b: typeof first) => (await b.service.from('blog_posts').select('revised_at').eq('id', ids.published!).single()).data!.revised_at;
    expect(Date.parse((await revised(fresh))!)).toBe(Date.parse((await revised(first))!));

    const { data: hero } = await fresh.anon().from('site_settings').select('value').eq('key', 'hero_title').eq('language', 'pt').single();
    expect(hero!.value).toBe('Olá, leitores');

    const again = readArchive(await backupOf(restorer.client), 'again.zip');
    expect(content(again)).toEqual(content(plan));
  });

  it('imported into the site that wrote it, it changes nothing and duplicates nothing', async () => {
    const postsBefore = await first.count('blog_posts');
    const { data: before } = await first.service.from('blog_posts').select('*').order('id');
    const report = await importArchive(admin.client, readBackup(openZip(backup), 'backup.zip'), restoreOptions);
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: postsBefore, settingsRestored: 0 });
    expect(await first.count('blog_posts')).toBe(postsBefore);
    const { data: after } = await first.service.from('blog_posts').select('*').order('id');
    expect(after).toEqual(before);
  });

  it('a reader cannot export what is not public, nor restore', async () => {
    const reader = await fresh.createUser('curiosa');
    const theirs = readArchive(await backupOf(reader.client), 'reader.zip');
    const titles = theirs.posts.map((p) => p.title);
    expect(titles).toContain('Crise em três atos');
    expect(titles).not.toContain('Rascunho');
    expect(titles).not.toContain('Agendado');
    expect(theirs.storedObjects).toEqual([]);
    const refused = await importArchive(reader.client, readArchive(backup, 'backup.zip'), restoreOptions).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(Error);
  });
});
