/**
 * Linked translations (issue 13) on the real backend, PGlite and PostgreSQL:
 * the one-post-per-language rule with its clear refusal, the RLS matrix of
 * the new column and of ensure_translation_group, who is outdated after an
 * edit, deleting and unpublishing one side, and what crawlers get: the
 * "Read in English" link, hreflang alternates and the sitemap's entries.
 */
import { randomUUID } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { XMLParser } from 'fast-xml-parser';
import { targets, useBackend, type Backend, type Client, type TestUser } from './harness.ts';

type Language = 'pt' | 'en';
const CATEGORY: Record<Language, string> = { pt: 'Outros', en: 'Others' };

async function makePost(b: Backend, language: Language, overrides: Record<string, unknown> = {}) {
  const { data, error } = await b.service
    .from('blog_posts')
    .insert({ title: `Tradução ${language} ${randomUUID().slice(0, 8)}`, language, category: CATEGORY[language], published: true, ...overrides })
    .select()
    .single();
  if (error) throw new Error(error.message);
  return data!;
}

async function postById(b: Backend, id: string) {
  const { data, error } = await b.service.from('blog_posts').select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

/** Links two posts as the admin panel does: the first gets a group, the second joins it. */
async function link(client: Client, a: string, b: string) {
  const { data: group, error } = await client.rpc('ensure_translation_group', { post_id: a });
  if (error) throw new Error(error.message);
  const joined = await client.from('blog_posts').update({ translation_group: group }).eq('id', b).select().single();
  if (joined.error) throw new Error(joined.error.message);
  return group;
}

async function html(b: Backend, path: string): Promise<Document> {
  const res = await fetch(`${b.url}${path}`);
  expect(res.status, path).toBe(200);
  return new JSDOM(await res.text()).window.document;
}

const alternates = (doc: Document) =>
  Object.fromEntries([...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));

describe.each(targets)('linked translations on $name', (target) => {
  const b = useBackend(target, { site: true });
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin('tradutora');
    user = await b.createUser('leitor');
  });

  describe('the database', () => {
    it('the demo posts come linked to their translations', async () => {
      const { data } = await b.service.from('blog_posts').select('title, language, translation_group').eq('published', true);
      const groups = new Map<string, string[]>();
      for (const post of data!) {
        expect(post.translation_group, post.title).not.toBeNull();
        groups.set(post.translation_group!, [...(groups.get(post.translation_group!) ?? []), post.language]);
      }
      for (const languages of groups.values()) expect(languages.sort()).toEqual(['en', 'pt']);
    });

    it('refuses a second post of one language in a group with a clear error, and writes nothing', async () => {
      const pt = await makePost(b, 'pt');
      const en = await makePost(b, 'en');
      const group = await link(admin.client, pt.id, en.id);
      const before = await b.count('blog_posts');
      const second = await admin.client
        .from('blog_posts')
        .insert({ title: 'Another English version', language: 'en', translation_group: group })
        .select()
        .single();
      expect(second.status).toBe(409);
      expect(second.error!.code).toBe('23505');
      expect(second.error!.message).toContain(`already linked to a post in the same language ("${en.title}")`);
      expect(second.error!.hint).toContain('Unlink');
      expect(await b.count('blog_posts')).toBe(before);

      // Joining an existing post is refused the same way, and leaves it as it was.
      const other = await makePost(b, 'en');
      const joined = await admin.client.from('blog_posts').update({ translation_group: group }).eq('id', other.id).select();
      expect(joined.error!.code).toBe('23505');
      expect((await postById(b, other.id))!.translation_group).toBeNull();

      // So is turning the Portuguese side into a second English one.
      const switched = await admin.client.from('blog_posts').update({ language: 'en', category: null }).eq('id', pt.id).select();
      expect(switched.error!.code).toBe('23505');
      expect((await postById(b, pt.id))!.language).toBe('pt');
    });

    it('the unique index holds when two writers race past the trigger', async () => {
      const pt = await makePost(b, 'pt');
      const { data: group } = await admin.client.rpc('ensure_translation_group', { post_id: pt.id });
      const results = await Promise.all(
        [1, 2].map((n) => admin.client.from('blog_posts').insert({ title: `Race ${n}`, language: 'en', translation_group: group }).select()),
      );
      expect(results.filter((r) => r.error === null)).toHaveLength(1);
      expect(results.find((r) => r.error)!.error!.code).toBe('23505');
      const { count } = await b.service.from('blog_posts').select('*', { count: 'exact', head: true }).eq('translation_group', group!);
      expect(count).toBe(2);
    });

    it('RLS: visitors and signed-in users read the column but cannot link, unlink or make a group', async () => {
      const pt = await makePost(b, 'pt');
      const en = await makePost(b, 'en');
      const group = await link(admin.client, pt.id, en.id);
      const visitor = b.anon();
      const read = await visitor.from('blog_posts').select('translation_group').eq('id', pt.id).single();
      expect(read.data!.translation_group).toBe(group);

      for (const [who, client] of [['anon', visitor], ['user', user.client]] as const) {
        const unlink = await client.from('blog_posts').update({ translation_group: null }).eq('id', pt.id).select();
        // RLS hides the row from the update: nothing changes.
        expect(unlink.data ?? [], who).toEqual([]);
        // anon may not call it at all (42501); a signed-in non-admin may, and RLS hides every post from its write (404).
        const refusal = who === 'anon' ? { code: '42501', status: 401 } : { code: 'PT404', status: 404 };
        const made = await client.rpc('ensure_translation_group', { post_id: randomUUID() });
        expect({ code: made.error?.code, status: made.status }, who).toEqual(refusal);
        const mine = await makePost(b, 'pt');
        const madeForReal = await client.rpc('ensure_translation_group', { post_id: mine.id });
        expect({ code: madeForReal.error?.code, status: madeForReal.status }, who).toEqual(refusal);
        expect((await postById(b, mine.id))!.translation_group, who).toBeNull();
      }
      expect((await postById(b, pt.id))!.translation_group).toBe(group);
      expect((await postById(b, en.id))!.translation_group).toBe(group);

      // The admin may, and an unknown post is a clear 404.
      const missing = await admin.client.rpc('ensure_translation_group', { post_id: randomUUID() });
      expect(missing.status).toBe(404);
      expect(missing.error!.message).toMatch(/^No post .* that you may change\.$/);
      const unlinked = await admin.client.from('blog_posts').update({ translation_group: null }).eq('id', pt.id).select().single();
      expect(unlinked.error).toBeNull();
      expect(unlinked.data!.translation_group).toBeNull();
    });

    it('ensure_translation_group keeps a group once made', async () => {
      const pt = await makePost(b, 'pt');
      const first = await admin.client.rpc('ensure_translation_group', { post_id: pt.id });
      const again = await admin.client.rpc('ensure_translation_group', { post_id: pt.id });
      expect(first.data).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.data).toBe(first.data);
    });

    it('a text change outdates the other version; the outdated side catches up with its next text change', async () => {
      const pt = await makePost(b, 'pt', { content: 'Original.' });
      const en = await makePost(b, 'en', { content: 'Translation.' });
      await link(admin.client, pt.id, en.id);
      const flags = async () => [(await postById(b, pt.id))!.translation_outdated, (await postById(b, en.id))!.translation_outdated];
      expect(await flags()).toEqual([false, false]);

      // Publishing or a new picture is not a change to translate.
      await admin.client.from('blog_posts').update({ published: false, image_url: 'https://example.com/a.jpg' }).eq('id', pt.id);
      expect(await flags()).toEqual([false, false]);

      await admin.client.from('blog_posts').update({ content: 'Original, corrected.' }).eq('id', pt.id);
      expect(await flags()).toEqual([false, true]);
      // Another change of the same side: the English one stays behind.
      await admin.client.from('blog_posts').update({ title: `${pt.title}!` }).eq('id', pt.id);
      expect(await flags()).toEqual([false, true]);
      // The English one is brought in line: both in step.
      await admin.client.from('blog_posts').update({ content: 'Translation, corrected.' }).eq('id', en.id);
      expect(await flags()).toEqual([false, false]);
      // Now a change of the English side outdates the Portuguese one.
      await admin.client.from('blog_posts').update({ excerpt: 'New summary.' }).eq('id', en.id);
      expect(await flags()).toEqual([true, false]);
    });

    it('linking and the flag are not edits: updated_at stays', async () => {
      const pt = await makePost(b, 'pt');
      const en = await makePost(b, 'en');
      await link(admin.client, pt.id, en.id);
      await admin.client.from('blog_posts').update({ content: 'Changed.' }).eq('id', pt.id);
      const enAfter = (await postById(b, en.id))!;
      expect(enAfter.translation_outdated).toBe(true);
      expect(enAfter.updated_at).toBe(en.updated_at);
      expect(Date.parse((await postById(b, pt.id))!.updated_at)).toBeGreaterThan(Date.parse(pt.updated_at));
    });

    it('deleting one side leaves the other whole, published and unlinked in effect', async () => {
      const pt = await makePost(b, 'pt');
      const en = await makePost(b, 'en');
      await link(admin.client, pt.id, en.id);
      const { error } = await admin.client.from('blog_posts').delete().eq('id', en.id);
      expect(error).toBeNull();
      const left = (await postById(b, pt.id))!;
      expect(left.published).toBe(true);
      const counterpart = await b.anon().from('blog_posts').select('id').eq('translation_group', left.translation_group!).neq('id', pt.id);
      expect(counterpart.data).toEqual([]);
      const doc = await html(b, `/pt/${pt.slug}`);
      expect(doc.querySelector('h1')!.textContent).toBe(pt.title);
      expect(doc.querySelector('a[hreflang="en"]')).toBeNull();
      // A new translation can take the deleted one's place.
      const replacement = await makePost(b, 'en', { translation_group: left.translation_group });
      expect(replacement.translation_group).toBe(left.translation_group);
    });
  });

  describe('what readers and crawlers get', () => {
    it('both post pages link to each other, in the other language, with hreflang alternates and x-default', async () => {
      const pt = await makePost(b, 'pt');
      const en = await makePost(b, 'en');
      await link(admin.client, pt.id, en.id);
      const ptDoc = await html(b, `/pt/${pt.slug}`);
      const toEn = ptDoc.querySelector('article a[hreflang="en"]')!;
      expect(toEn.textContent).toBe('Read in English');
      expect(toEn.getAttribute('href')).toBe(`/en/${en.slug}`);
      expect(toEn.getAttribute('lang')).toBe('en-US');
      const expected = { 'pt-BR': `${b.url}/pt/${pt.slug}`, en: `${b.url}/en/${en.slug}`, 'x-default': `${b.url}/pt/${pt.slug}` };
      expect(alternates(ptDoc)).toEqual(expected);
      expect(ptDoc.querySelector('meta[property="og:locale:alternate"]')!.getAttribute('content')).toBe('en_US');

      const enDoc = await html(b, `/en/${en.slug}`);
      const toPt = enDoc.querySelector('article a[hreflang="pt-BR"]')!;
      expect(toPt.textContent).toBe('Ler em português');
      expect(toPt.getAttribute('lang')).toBe('pt-BR');
      expect(toPt.getAttribute('href')).toBe(`/pt/${pt.slug}`);
      expect(alternates(enDoc)).toEqual(expected);
    });

    it('an unpublished translation is neither linked nor an alternate, and the published side stays whole', async () => {
      const pt = await makePost(b, 'pt');
      const en = await makePost(b, 'en', { published: false });
      await link(admin.client, pt.id, en.id);
      const doc = await html(b, `/pt/${pt.slug}`);
      expect(doc.querySelector('h1')!.textContent).toBe(pt.title);
      expect(doc.querySelector('article a[hreflang]')).toBeNull();
      expect(alternates(doc)).toEqual({});
      expect(doc.querySelector('meta[property="og:locale:alternate"]')).toBeNull();
      expect((await fetch(`${b.url}/en/${en.slug}`)).status).toBe(404);
    });

    it('the sitemap names both versions of a linked pair, and nothing for a post without a published translation', async () => {
      const pt = await makePost(b, 'pt');
      const en = await makePost(b, 'en');
      const lonely = await makePost(b, 'pt');
      await link(admin.client, pt.id, en.id);
      const body = await (await fetch(`${b.url}/sitemap.xml`)).text();
      type Entry = { loc: string; 'xhtml:link'?: { '@hreflang': string; '@href': string }[] };
      const urls = (new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'xhtml:link' }).parse(body) as {
        urlset: { url: Entry[] };
      }).urlset.url;
      const entry = (post: { language: string; slug: string }) => urls.find((u) => u.loc === `${b.url}/${post.language}/${post.slug}`)!;
      const expected = [
        { '@hreflang': 'pt-BR', '@href': `${b.url}/pt/${pt.slug}` },
        { '@hreflang': 'en', '@href': `${b.url}/en/${en.slug}` },
        { '@hreflang': 'x-default', '@href': `${b.url}/pt/${pt.slug}` },
      ];
      const pairs = (e: Entry) => (e['xhtml:link'] ?? []).map((l) => ({ '@hreflang': l['@hreflang'], '@href': l['@href'] }));
      expect(pairs(entry(pt))).toEqual(expected);
      expect(pairs(entry(en))).toEqual(expected);
      expect(entry(lonely)['xhtml:link']).toBeUndefined();
    });
  });
});
