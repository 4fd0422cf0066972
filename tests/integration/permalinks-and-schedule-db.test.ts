/**
 * The database's half of issue 23, through supabase-js on PGlite and
 * PostgreSQL: every post gets a slug from its title whatever writes it
 * (unique in its language, accents folded, reserved words avoided), a slug
 * she types is checked with clear errors, old addresses are kept for good
 * while their post exists, and a post scheduled ahead is a draft to readers
 * until the site's clock reaches it (a clock the tests move, never a sleep).
 */
import { randomUUID } from 'node:crypto';
import { targets, useBackend, type TestUser } from './harness.ts';

describe.each(targets)('permalinks and scheduled posts in the database on $name', (target) => {
  const b = useBackend(target);
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin('editora');
    user = await b.createUser('leitor');
  });

  afterEach(async () => {
    await b.sql(`update private.site_clock set skew = interval '0'`);
  });

  const create = async (row: Record<string, unknown>) => {
    const { data, error } = await admin.client.from('blog_posts').insert({ language: 'pt', ...row } as never).select().single();
    if (error) throw new Error(`${error.code} ${error.message}`);
    return data as { id: string; slug: string; title: string; language: string };
  };
  const slugOf = async (id: string) => (await b.sql<{ slug: string }>('select slug from public.blog_posts where id = $1', [id]))[0]!.slug;
  const addresses = async (id: string) =>
    (await b.sql<{ slug: string; shared: boolean }>('select slug, shared from public.blog_post_slugs where post_id = $1 order by created_at, slug', [id]));

  describe('slugs made by the database', () => {
    it('every seeded post has one from its title, unique within its language', async () => {
      const rows = await b.sql<{ language: string; slug: string; title: string }>('select language, slug, title from public.blog_posts');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.slug, row.title).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const keys = rows.map((r) => `${r.language}/${r.slug}`);
      expect(new Set(keys).size).toBe(keys.length);
      const [one] = rows.filter((r) => r.title === '31 anos de estrada: o que a redação me ensinou');
      if (one) expect(one.slug).toBe('31-anos-de-estrada-o-que-a-redacao-me-ensinou');
    });

    it('from the title when none is given: accents folded, lower case, words joined by hyphens; a repeated title gets -2, -3', async () => {
      const title = `Comunicação de Crise em 2024: o que aprendi ${randomUUID().slice(0, 4)}`;
      const first = await create({ title });
      const second = await create({ title });
      const third = await create({ title, slug: '' });
      const base = `comunicacao-de-crise-em-2024-o-que-aprendi-${title.slice(-4)}`;
      expect([first.slug, second.slug, third.slug]).toEqual([base, `${base}-2`, `${base}-3`]);
      // Another language is another namespace.
      expect((await create({ title, language: 'en' })).slug).toBe(base);
    });

    it("the admin's preview: rpc('slugify') as a signed-in user, the same words the database gives", async () => {
      const { data, error } = await admin.client.rpc('slugify', { value: 'Comunicação de Crise em 2024: o que aprendi' });
      expect(error).toBeNull();
      expect(data).toBe('comunicacao-de-crise-em-2024-o-que-aprendi');
      expect((await b.anon().rpc('slugify', { value: 'x' })).error?.code).toBe('42501');
    });

    it('never a word the site may serve itself, never empty', async () => {
      expect((await create({ title: 'RSS' })).slug).toMatch(/^rss-\d+$/);
      expect((await create({ title: '¿¡!!' })).slug).toMatch(/^post(-\d+)?$/);
    });

    it("a draft's address follows its title; once published it stays", async () => {
      const post = await create({ title: 'Rascunho de título provisório' });
      await admin.client.from('blog_posts').update({ title: 'Título definitivo do texto' }).eq('id', post.id);
      expect(await slugOf(post.id)).toBe('titulo-definitivo-do-texto');
      // The passing draft address is forgotten: nobody could have seen it.
      expect(await addresses(post.id)).toEqual([{ slug: 'titulo-definitivo-do-texto', shared: false }]);
      await admin.client.from('blog_posts').update({ published: true }).eq('id', post.id);
      await admin.client.from('blog_posts').update({ title: 'Um título mudado depois' }).eq('id', post.id);
      expect(await slugOf(post.id)).toBe('titulo-definitivo-do-texto');
    });
  });

  describe('a slug she types', () => {
    it('is kept as given, and the old one of a published post keeps leading to it; another post may not take it', async () => {
      const post = await create({ title: 'Endereço que vai mudar', published: true });
      const { error } = await admin.client.from('blog_posts').update({ slug: 'endereco-novo' }).eq('id', post.id);
      expect(error).toBeNull();
      expect(await slugOf(post.id)).toBe('endereco-novo');
      expect(await addresses(post.id)).toEqual([
        { slug: 'endereco-que-vai-mudar', shared: true },
        { slug: 'endereco-novo', shared: true },
      ]);
      // Anyone may follow the old address of a post they may read.
      const old = await b.anon().from('blog_post_slugs').select('post_id').eq('language', 'pt').eq('slug', 'endereco-que-vai-mudar');
      expect(old.data).toEqual([{ post_id: post.id }]);

      const taken = await admin.client.from('blog_posts').insert({ title: 'Outro', language: 'pt', slug: 'endereco-que-vai-mudar' });
      expect({ code: taken.error?.code, details: taken.error?.details }).toEqual({ code: '23505', details: 'slug_taken' });
      // A post may take back its own old address.
      expect((await admin.client.from('blog_posts').update({ slug: 'endereco-que-vai-mudar' }).eq('id', post.id)).error).toBeNull();
      // Deleting the post frees its addresses.
      await admin.client.from('blog_posts').delete().eq('id', post.id);
      expect((await create({ title: 'Novo dono', slug: 'endereco-novo' })).slug).toBe('endereco-novo');
    });

    it('is refused with its reason when it holds other characters, is reserved or is used in the language; nothing is written', async () => {
      const post = await create({ title: `Com um endereço ${randomUUID().slice(0, 4)}` });
      const other = await create({ title: `Outro post ${randomUUID().slice(0, 4)}` });
      const before = await b.count('blog_posts');
      for (const bad of ['Com Espaço', 'acentuação', 'a--b', '-a', 'a-', 'x'.repeat(81), 'com_sublinhado', 'rss.xml']) {
        const r = await admin.client.from('blog_posts').update({ slug: bad }).eq('id', post.id).select();
        expect({ code: r.error?.code, details: r.error?.details }, bad).toEqual({ code: '23514', details: 'slug_format' });
        const i = await admin.client.from('blog_posts').insert({ title: 'Novo', language: 'pt', slug: bad });
        expect(i.error?.code, bad).toBe('23514');
      }
      for (const used of ['rss', 'feed', 'sitemap', other.slug]) {
        const r = await admin.client.from('blog_posts').update({ slug: used }).eq('id', post.id).select();
        expect({ code: r.error?.code, details: r.error?.details, status: r.status }, used).toEqual({ code: '23505', details: 'slug_taken', status: 409 });
      }
      expect(await slugOf(post.id)).toBe(post.slug);
      expect(await b.count('blog_posts')).toBe(before);
    });

    it('moving a post to the other language keeps its words where they are free there', async () => {
      const title = `Mesmas palavras ${randomUUID().slice(0, 4)}`;
      const en = await create({ title, language: 'en' });
      const pt = await create({ title });
      await admin.client.from('blog_posts').update({ language: 'en', category: null }).eq('id', pt.id);
      expect(await slugOf(pt.id)).toBe(`${en.slug}-2`);
    });
  });

  describe('scheduled posts', () => {
    it('are invisible to readers until the site clock reaches their date, then visible without any write', async () => {
      const at = new Date(Date.now() + 2 * 60_000).toISOString();
      const post = await create({ title: `Agendado ${randomUUID().slice(0, 4)}`, published: true, date: at });
      const read = async (client = b.anon()) => (await client.from('blog_posts').select('id, date').eq('id', post.id)).data;
      const address = async (client = b.anon()) => (await client.from('blog_post_slugs').select('slug').eq('post_id', post.id)).data;
      expect(await read()).toEqual([]);
      expect(await read(user.client)).toEqual([]);
      expect(await address()).toEqual([]);
      expect((await read(admin.client))!.map((r) => r.id)).toEqual([post.id]);
      const now = async () => (await b.anon().rpc('site_now')).data as string;
      const before = Date.parse(await now());

      await b.sql(`update private.site_clock set skew = interval '3 minutes'`);
      expect(Date.parse(await now()) - before).toBeGreaterThanOrEqual(3 * 60_000 - 5_000);
      const seen = await read();
      expect(seen!.map((r) => r.id)).toEqual([post.id]);
      // Its date is the scheduled time, not the time it was saved.
      expect(Date.parse(seen![0]!.date)).toBe(Date.parse(at));
      expect(await address()).toEqual([{ slug: post.slug }]);
      expect((await read(user.client))!.map((r) => r.id)).toEqual([post.id]);
    });

    it('a signed-in non-admin cannot change one; unscheduled, it is a draft no clock reveals', async () => {
      const at = new Date(Date.now() + 60 * 60_000).toISOString();
      const post = await create({ title: `Agendado para depois ${randomUUID().slice(0, 4)}`, published: true, date: at });
      const update = await user.client.from('blog_posts').update({ title: 'mudado' }).eq('id', post.id).select();
      expect(update.data).toEqual([]);
      // Unscheduling is a draft again; the admin still sees both.
      await admin.client.from('blog_posts').update({ published: false }).eq('id', post.id);
      await b.sql(`update private.site_clock set skew = interval '2 hours'`);
      expect((await b.anon().from('blog_posts').select('id').eq('id', post.id)).data).toEqual([]);
    });
  });
});
