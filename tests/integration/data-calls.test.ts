/**
 * Every table call of spec §7, made the way the SPA makes it, with the real
 * supabase-js client against the local backend (seeded demo content).
 */
import { randomUUID } from 'node:crypto';
import { SETTING_KEYS, targets, useBackend, type TestUser } from './harness.ts';

describe.each(targets)('spec §7 data calls on $name', (target) => {
  const backend = useBackend(target);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await backend.createAdmin();
  });

  // First, before the other tests add rows of their own.
  describe('seed', () => {
    it.each(['pt', 'en'] as const)('has at least 6 published posts in %s over every category, and one draft', async (language) => {
      const { data } = await backend.service.from('blog_posts').select('category, published, content').eq('language', language);
      const published = data!.filter((p) => p.published);
      expect(published.length).toBeGreaterThanOrEqual(6);
      const categories = new Set(published.map((p) => p.category));
      const expected = language === 'pt'
        ? ['Relações com Mídia', 'Comunicação de Crise', 'Experiências Pessoais', 'Outros']
        : ['Media Relations', 'Crisis Communication', 'Personal Experiences', 'Others'];
      expect([...categories].sort()).toEqual([...expected].sort());
      expect(data!.filter((p) => !p.published).length).toBeGreaterThanOrEqual(1);
      // real paragraphs, separated by blank lines
      expect(published.every((p) => (p.content ?? '').split('\n\n').length >= 3)).toBe(true);
    });
  });

  describe('site_settings', () => {
    it.each(['pt', 'en'] as const)('reads the settings of %s ordered by key (every known key, that language only)', async (language) => {
      const { data, error, status } = await backend
        .anon()
        .from('site_settings')
        .select('*')
        .eq('language', language)
        .order('key');
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data!.map((s) => s.key)).toEqual([...SETTING_KEYS]);
      expect(data!.every((s) => s.language === language)).toBe(true);
      // the seed fills every text; each row tells the editor what it is for
      expect(data!.every((s) => s.value !== '' && (s.description ?? '') !== '')).toBe(true);
      expect(Object.keys(data![0]!).sort()).toEqual(['description', 'id', 'key', 'language', 'updated_at', 'value']);
    });

    it('the hero claims 31 years of experience in both languages', async () => {
      const { data } = await backend.anon().from('site_settings').select('language, value').eq('key', 'hero_description');
      expect(data).toHaveLength(2);
      for (const row of data!) expect(row.value).toContain('31');
    });

    it('an admin updates a setting by id; the new value is what everyone then reads', async () => {
      const { data: before } = await admin.client
        .from('site_settings')
        .select('*')
        .eq('language', 'en')
        .eq('key', 'hero_title')
        .single();
      const value = `Reputation, built with care ${randomUUID().slice(0, 6)}`;
      const { error, status } = await admin.client.from('site_settings').update({ value }).eq('id', before!.id);
      expect(error).toBeNull();
      expect(status).toBe(204);
      const { data: after } = await backend
        .anon()
        .from('site_settings')
        .select('*')
        .eq('language', 'en')
        .order('key');
      expect(after!.find((s) => s.key === 'hero_title')!.value).toBe(value);
      // only that row changed: the Portuguese one keeps its text
      const { data: pt } = await backend.anon().from('site_settings').select('value').eq('language', 'pt').eq('key', 'hero_title').single();
      expect(pt!.value).not.toBe(value);
    });
  });

  describe('blog_posts', () => {
    it.each(['pt', 'en'] as const)('public listing in %s: published only, newest first', async (language) => {
      const { data, error } = await backend
        .anon()
        .from('blog_posts')
        .select('*')
        .eq('language', language)
        .eq('published', true)
        .order('date', { ascending: false });
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThanOrEqual(6);
      expect(data!.every((p) => p.published && p.language === language)).toBe(true);
      const dates = data!.map((p) => Date.parse(p.date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(Object.keys(data![0]!).sort()).toEqual(
        [
          'category', 'content', 'created_at', 'date', 'excerpt', 'id', 'image_alt', 'image_url', 'language', 'published', 'read_time', 'slug', 'title',
          'translation_group', 'translation_outdated', 'updated_at',
          // where an imported post came from (issue 24): public like the post itself.
          'origin_source', 'origin_id', 'origin_url',
          // "Enviar aos assinantes" (issue 25): whether she mailed it, public like the post.
          'newsletter',
          // when its public text last changed (issue 26): "Atualizado em", dateModified.
          'revised_at',
        ].sort(),
      );
    });

    it('an admin lists every post, drafts included, by created_at descending', async () => {
      const { data, error } = await admin.client.from('blog_posts').select('*').order('created_at', { ascending: false });
      expect(error).toBeNull();
      expect(data!.length).toBe(await backend.count('blog_posts'));
      expect(data!.some((p) => !p.published)).toBe(true);
      const created = data!.map((p) => Date.parse(p.created_at));
      expect(created).toEqual([...created].sort((a, b) => b - a));
    });

    it('insert returns the row with the defaults of spec §3', async () => {
      const startedAt = Date.now();
      const { data, error, status } = await admin.client
        .from('blog_posts')
        .insert({ title: 'A new post', excerpt: 'Short', content: 'First paragraph.\n\nSecond paragraph.', category: 'Others' })
        .select()
        .single();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toMatchObject({
        title: 'A new post',
        excerpt: 'Short',
        content: 'First paragraph.\n\nSecond paragraph.',
        category: 'Others',
        language: 'en',
        read_time: '5 min',
        published: false,
        image_url: null,
      });
      expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Math.abs(Date.parse(data!.date) - startedAt)).toBeLessThan(60_000);
      expect(Math.abs(Date.parse(data!.created_at) - startedAt)).toBeLessThan(60_000);
    });

    it('update by id returns the row and keeps the date', async () => {
      const { data: post } = await admin.client.from('blog_posts').insert({ title: 'Before', language: 'pt' }).select().single();
      const { data, error, status } = await admin.client
        .from('blog_posts')
        .update({ title: 'Depois', category: 'Outros', published: true, read_time: '3 min', image_url: '/images/capa.jpg' })
        .eq('id', post!.id)
        .select()
        .single();
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toMatchObject({ id: post!.id, title: 'Depois', category: 'Outros', published: true, read_time: '3 min', language: 'pt' });
      expect(data!.date).toBe(post!.date);
      expect(data!.created_at).toBe(post!.created_at);
    });

    it('delete by id removes the row', async () => {
      const { data: post } = await admin.client.from('blog_posts').insert({ title: 'Short-lived' }).select().single();
      const before = await backend.count('blog_posts');
      const { error, status } = await admin.client.from('blog_posts').delete().eq('id', post!.id);
      expect(error).toBeNull();
      expect(status).toBe(204);
      expect(await backend.count('blog_posts')).toBe(before - 1);
      const { data } = await admin.client.from('blog_posts').select('id').eq('id', post!.id);
      expect(data).toEqual([]);
    });

    it('filters the public listing by exact category, and counts with a range', async () => {
      const { data, error } = await backend
        .anon()
        .from('blog_posts')
        .select('*')
        .eq('language', 'pt')
        .eq('published', true)
        .eq('category', 'Comunicação de Crise')
        .order('date', { ascending: false });
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThanOrEqual(1);
      expect(data!.every((p) => p.category === 'Comunicação de Crise')).toBe(true);

      const page = await backend
        .anon()
        .from('blog_posts')
        .select('id', { count: 'exact' })
        .eq('language', 'en')
        .eq('published', true)
        .order('date', { ascending: false })
        .range(0, 2);
      expect(page.error).toBeNull();
      expect(page.data).toHaveLength(3);
      expect(page.count).toBeGreaterThanOrEqual(6);
      expect(page.status).toBe(206);
    });

    it('a long post (500 kB, accents, blank lines) round-trips unchanged', async () => {
      const paragraph = 'Relações com a imprensa exigem paciência, método e verificação — sempre. ';
      const content = Array.from({ length: 7000 }, (_, i) => (i % 5 === 4 ? `${paragraph}\n\n` : paragraph)).join('');
      expect(Buffer.byteLength(content)).toBeGreaterThan(500_000);
      const { data, error } = await admin.client
        .from('blog_posts')
        .insert({ title: 'Um texto longo', language: 'pt', category: 'Experiências Pessoais', content })
        .select('id')
        .single();
      expect(error).toBeNull();
      const { data: back } = await admin.client.from('blog_posts').select('content').eq('id', data!.id).single();
      expect(back!.content).toBe(content);
    });

    describe('post detail (.single() on id and published)', () => {
      const detail = (client: ReturnType<typeof backend.anon>, id: string) =>
        client.from('blog_posts').select('*').eq('id', id).eq('published', true).single();

      it('returns the published post as one object', async () => {
        const { data: list } = await backend.anon().from('blog_posts').select('id, title').eq('published', true).limit(1);
        const { data, error, status } = await detail(backend.anon(), list![0]!.id);
        expect(error).toBeNull();
        expect(status).toBe(200);
        expect(Array.isArray(data)).toBe(false);
        expect(data).toMatchObject({ id: list![0]!.id, title: list![0]!.title, published: true });
      });

      it('answers 406 PGRST116 for a post that does not exist', async () => {
        const { data, error, status } = await detail(backend.anon(), randomUUID());
        expect(data).toBeNull();
        expect(status).toBe(406);
        expect(error!.code).toBe('PGRST116');
        expect(error!.details).toMatch(/0 rows/);
      });

      it('answers 406 PGRST116 for a draft, to visitors and admins alike', async () => {
        const { data: draft } = await admin.client.from('blog_posts').select('id').eq('published', false).limit(1).single();
        for (const client of [backend.anon(), admin.client]) {
          const { data, error, status } = await detail(client, draft!.id);
          expect(data).toBeNull();
          expect(status).toBe(406);
          expect(error!.code).toBe('PGRST116');
        }
      });
    });
  });
});
