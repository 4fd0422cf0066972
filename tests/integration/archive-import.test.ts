/**
 * Writing an archive (issue 24): src/features/archive/api/import-archive.ts
 * through supabase-js and public.import_posts against the real backend, on
 * PGlite and PostgreSQL. Plans are built here as a reader would make them,
 * so these tests are about the writing: dates, statuses, categories,
 * addresses, origins, pictures, a second run that changes nothing, a run cut
 * short and completed, and who may import.
 */
import sharp from 'sharp';
import { sizeImageWithSharp } from '../../server/archive/size-image.ts';
import { importArchive, ImportWriteError, type ImportOptions } from '../../src/features/archive/api/import-archive.ts';
import type { ArchivePlan, PlannedPost } from '../../src/features/archive/lib/plan.ts';
import { readArchive } from '../../src/features/archive/lib/read-archive.ts';
import { targets, useBackend, type TestUser } from './harness.ts';

const options = (over: Partial<ImportOptions> = {}): ImportOptions => ({
  language: 'pt',
  categoryMap: { Crises: 1 },
  sizeImage: sizeImageWithSharp,
  ...over,
});

function post(n: number, over: Partial<PlannedPost> = {}): PlannedPost {
  return {
    origin: { source: 'wordpress', id: String(n), url: `https://old.example/${n}/` },
    language: null,
    title: `Texto antigo ${n}`,
    excerpt: null,
    content: `Primeiro parágrafo do texto ${n}.\n\nSegundo parágrafo.`,
    sourceCategories: [],
    date: new Date(Date.UTC(2001, 0, 1) + n * 86_400_000).toISOString(),
    status: 'published',
    slug: `texto-antigo-${n}`,
    imageUrl: null,
    imageAlt: null,
    ...over,
  };
}

const plan = (posts: PlannedPost[], over: Partial<ArchivePlan> = {}): ArchivePlan => ({
  source: 'wordpress',
  fileName: 'blog.wordpress.xml',
  posts,
  skipped: [],
  warnings: [],
  images: [],
  ...over,
});

describe.each(targets)('archive import on $name', (target) => {
  const b = useBackend(target, { site: true });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin('arquivista');
  });

  it('writes posts with their dates, statuses, categories, addresses and origin, and a second import changes nothing', async () => {
    const posts = [
      post(1, { sourceCategories: ['Crises', 'Vida'] }),
      post(2, { status: 'draft', slug: null, title: 'Rascunho sem endereço' }),
      post(3, { status: 'scheduled', date: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
      post(4, { language: 'en', title: 'An English one', slug: 'an-english-one', sourceCategories: ['Vida'] }),
    ];
    const first = await importArchive(admin.client, plan(posts), options());
    expect(first).toMatchObject({ created: 4, updated: 0, unchanged: 0 });

    const { data: rows } = await b.service
      .from('blog_posts')
      .select('title, slug, language, category, date, published, updated_at, read_time, excerpt, origin_source, origin_id, origin_url')
      .eq('origin_source', 'wordpress')
      .order('origin_id');
    expect(rows).toHaveLength(4);
    expect(rows![0]).toMatchObject({
      slug: 'texto-antigo-1',
      language: 'pt',
      category: 'Comunicação de Crise',
      published: true,
      read_time: '1 min',
      origin_source: 'wordpress',
      origin_id: '1',
      origin_url: 'https://old.example/1/',
    });
    // an archived post's date is its own, and so is its last change.
    expect(Date.parse(rows![0]!.date)).toBe(Date.parse(posts[0]!.date));
    expect(Date.parse(rows![0]!.updated_at)).toBe(Date.parse(posts[0]!.date));
    expect(rows![1]).toMatchObject({ slug: 'rascunho-sem-endereco', published: false, category: 'Outros' });
    expect(rows![2]).toMatchObject({ published: true });
    expect(rows![3]).toMatchObject({ language: 'en', category: 'Others', slug: 'an-english-one' });

    // readers see the published one, not the draft or the scheduled one.
    const { data: seen } = await b.anon().from('blog_posts').select('origin_id').eq('origin_source', 'wordpress').order('origin_id');
    expect(seen!.map((r) => r.origin_id)).toEqual(['1', '4']);

    const second = await importArchive(admin.client, plan(posts), options());
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    const { data: again } = await b.service
      .from('blog_posts')
      .select('title, slug, language, category, date, published, updated_at, read_time, excerpt, origin_source, origin_id, origin_url')
      .eq('origin_source', 'wordpress')
      .order('origin_id');
    expect(again).toEqual(rows);
  });

  it('a changed source post is updated in place; a wanted address another post holds gets -2', async () => {
    await admin.client.from('blog_posts').insert({ title: 'Ocupado', slug: 'endereco-ocupado', language: 'pt' });
    const first = await importArchive(admin.client, plan([post(10, { slug: 'endereco-ocupado' })]), options());
    expect(first.posts[0]).toMatchObject({ slug: 'endereco-ocupado-2', outcome: 'created' });
    const changed = await importArchive(admin.client, plan([post(10, { slug: 'endereco-ocupado', title: 'Título corrigido' })]), options());
    expect(changed.posts[0]).toMatchObject({ id: first.posts[0]!.id, slug: 'endereco-ocupado-2', outcome: 'updated' });
    expect(await b.count('blog_posts')).toBe(Number((await b.sql<{ n: string }>('select count(*) as n from public.blog_posts'))[0]!.n));
    const { data } = await b.service.from('blog_posts').select('title').eq('origin_id', '10');
    expect(data).toEqual([{ title: 'Título corrigido' }]);
  });

  it('a run cut short by a refused post keeps whole batches only, and running it again completes it without duplicates', async () => {
    const posts = Array.from({ length: 120 }, (_, i) => post(1000 + i));
    // the 110th post cannot be written (a title of spaces): its batch (the third of 50) is refused whole.
    const broken = posts.map((p, i) => (i === 109 ? { ...p, title: '   ' } : p));
    const cut = await importArchive(admin.client, plan(broken), options()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(cut).toBeInstanceOf(ImportWriteError);
    expect((cut as ImportWriteError).written).toBe(100);
    const written = async () =>
      Number((await b.sql<{ n: string }>(`select count(*) as n from public.blog_posts where origin_source = 'wordpress' and (case when origin_id ~ '^[0-9]+$' then origin_id::int end) between 1000 and 1119`))[0]!.n);
    expect(await written()).toBe(100);

    const completed = await importArchive(admin.client, plan(posts), options());
    expect(completed).toMatchObject({ created: 20, unchanged: 100, updated: 0 });
    expect(await written()).toBe(120);
  });

  it('pictures inside the file go to Storage in the editor widths, once, and the posts point at them', async () => {
    const picture = new Uint8Array(await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c33' } }).jpeg().toBuffer());
    const url = 'https://old.example/wp-content/uploads/2019/05/foto.jpg';
    const withPicture = plan([post(20, { content: `Antes.\n\n![Uma foto](${url})\n\nDepois.`, imageUrl: url, imageAlt: 'Capa' })], {
      images: [{ url, entry: 'wp-content/uploads/2019/05/foto.jpg' }],
      readEntry: () => picture,
    });
    const report = await importArchive(admin.client, withPicture, options());
    expect(report.imagesUploaded).toBe(1);
    expect(report.linkedImages).toEqual([]);
    const { data } = await b.service.from('blog_posts').select('content, image_url').eq('origin_id', '20').single();
    const stored = /\/storage\/v1\/object\/public\/post-images\/posts\/i[0-9a-f]{32}\/1600\.webp/;
    expect(data!.image_url).toMatch(stored);
    expect(data!.content).toContain(`![Uma foto](${data!.image_url})`);
    const folder = data!.image_url!.split('/post-images/')[1]!.replace(/\/1600\.webp$/, '');
    const { data: files } = await b.service.storage.from('post-images').list(folder);
    expect(files!.map((f) => f.name).sort()).toEqual(['1600.webp', '400.webp', '800.webp']);
    const served = await fetch(data!.image_url!);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).width).toBe(1600);

    const again = await importArchive(admin.client, withPicture, options());
    expect(again).toMatchObject({ imagesUploaded: 0, unchanged: 1 });
  });

  it('pictures only linked stay linked and are listed', async () => {
    const url = 'https://cdn.example/only-linked.png';
    const report = await importArchive(admin.client, plan([post(30, { content: `![x](${url})` })], { images: [{ url, entry: null }] }), options());
    expect(report.linkedImages).toEqual([url]);
  });

  it('only the admin may import: a signed-in reader and a visitor write nothing', async () => {
    const reader = await b.createUser('leitor');
    const before = await b.count('blog_posts');
    for (const client of [reader.client, b.anon()]) {
      const refused = await importArchive(client, plan([post(40)]), options()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(ImportWriteError);
    }
    expect(await b.count('blog_posts')).toBe(before);
  });

  it('nothing in an imported post runs in a reader\'s browser: the published page holds only the site\'s own scripts', async () => {
    const hostile = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/">
<channel><title>Velho</title><link>https://velho.example</link><wp:wxr_version>1.2</wp:wxr_version>
<item><title>Texto &lt;script&gt;alert(1)&lt;/script&gt;</title>
<content:encoded><![CDATA[<p onclick="alert(2)">Olá <a href="javascript:alert(3)">clique</a></p>
<script>alert(4)</script><img src="x" onerror="alert(5)"><iframe src="javascript:alert(6)"></iframe>
<svg onload="alert(7)"></svg><p>&lt;img src=x onerror=alert(8)&gt;</p><style>body{display:none}</style>]]></content:encoded>
<excerpt:encoded><![CDATA[<b onmouseover="alert(9)">resumo</b>]]></excerpt:encoded>
<wp:post_id>77</wp:post_id><wp:post_date>2018-01-02 10:00:00</wp:post_date><wp:post_date_gmt>2018-01-02 12:00:00</wp:post_date_gmt>
<wp:post_name>texto-hostil</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
</channel></rss>`;
    const report = await importArchive(admin.client, readArchive(new TextEncoder().encode(hostile), 'hostil.xml'), options());
    expect(report.created).toBe(1);
    const page = await fetch(`${b.url}/pt/${report.posts[0]!.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const article = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
    expect(article).toContain('Olá');
    expect(article).not.toMatch(/<script|<iframe|<svg|<style|<[^>]*\son[a-z]+=|javascript:/i);
    // the literal text that looks like markup is shown as text, escaped.
    expect(article.replaceAll('<!-- -->', '')).toContain('&lt;img src=x onerror=alert(8)&gt;');
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    for (const [tag, body] of scripts) {
      // the page's data carries the text (as JSON, which runs nothing and cannot end its element early);
      // a script that runs carries none of it.
      if (/type="application\/json"/.test(tag)) expect(body).not.toMatch(/<\/|<script|<!--/i);
      else expect(`${tag}${body}`).not.toMatch(/alert\(/);
    }
  });

  it('a backup restores files into the post pictures\' bucket only, under plain paths (the service_role key included)', async () => {
    const roles = await b.count('user_roles');
    const png = new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer());
    const report = await importArchive(
      b.service,
      plan([], {
        source: 'backup',
        storedObjects: [
          { bucket: 'avatars', path: 'x.png', contentType: 'image/png', entry: 'storage/avatars/x.png' },
          // an address resolves %2e%2e: this would be POST /rest/v1/user_roles with the importer's key.
          { bucket: 'post-images', path: '%2e%2e/%2e%2e/%2e%2e/%2e%2e/rest/v1/user_roles', contentType: 'application/json', entry: 'x' },
          { bucket: 'post-images', path: 'posts/restaurada/1600.png', contentType: 'image/png', entry: 'storage/post-images/posts/restaurada/1600.png' },
        ],
        readEntry: () => png,
      }),
      options(),
    );
    expect(report.objectsRestored).toBe(1);
    expect(report.warnings.map((w) => w.item)).toEqual(['avatars/x.png', 'post-images/%2e%2e/%2e%2e/%2e%2e/%2e%2e/rest/v1/user_roles']);
    expect(await b.count('user_roles')).toBe(roles);
    const { data } = await b.service.storage.from('post-images').list('posts/restaurada');
    expect(data!.map((f) => f.name)).toEqual(['1600.png']);
  });

  it('old addresses: only the admin may add one (a visitor and a signed-in reader are refused, nothing written)', async () => {
    const { data: target } = await admin.client.from('blog_posts').insert({ title: 'Alvo', language: 'pt', published: true }).select('id').single();
    const reader = await b.createUser('sequestro');
    const row = (slug: string) => ({ language: 'pt', slug, post_id: target!.id, shared: true });
    expect((await b.anon().from('blog_post_slugs').insert(row('pelo-visitante'))).error?.code).toBe('42501');
    expect((await reader.client.from('blog_post_slugs').insert(row('pelo-leitor'))).error?.code).toBe('42501');
    expect((await admin.client.from('blog_post_slugs').insert(row('pela-autora'))).error).toBeNull();
    const { data } = await b.service.from('blog_post_slugs').select('slug').eq('post_id', target!.id).order('slug');
    expect(data!.map((s) => s.slug)).toEqual(['alvo', 'pela-autora']);
  });
});
