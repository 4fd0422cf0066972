/**
 * Bad input (issue 2): each request is refused with a clear error in the REST
 * error shape {code, message, details, hint}, and no row is written — checked
 * by counting rows as the service_role. Sent as an admin, so RLS is not what
 * refuses them.
 */
import { randomUUID } from 'node:crypto';
import { accessToken, SETTING_KEYS, targets, useBackend, type TestUser } from './harness.ts';

describe.each(targets)('bad input on $name', (target) => {
  const backend = useBackend(target);
  let admin: TestUser;
  let token: string;
  let posts: number;

  beforeAll(async () => {
    admin = await backend.createAdmin();
    token = await accessToken(admin.client);
  });

  beforeEach(async () => {
    posts = await backend.count('blog_posts');
  });

  afterEach(async () => {
    expect(await backend.count('blog_posts'), 'a refused request must not write a row').toBe(posts);
  });

  it('malformed filter: 400 PGRST100', async () => {
    const { data, error, status } = await admin.client.from('blog_posts').select('*').filter('published', 'eqq', 'true');
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error!.code).toBe('PGRST100');
    expect(error!.message).toMatch(/parse|filter|eqq/i);
  });

  it('malformed filter on a write: 400, nothing changed', async () => {
    const { error, status } = await admin.client.from('blog_posts').delete().filter('id', 'eqq', randomUUID());
    expect(status).toBe(400);
    expect(error!.code).toBe('PGRST100');
  });

  it('unknown column in select: 400 42703', async () => {
    const { error, status } = await admin.client.from('blog_posts').select('id, author');
    expect(status).toBe(400);
    expect(error!.code).toBe('42703');
    expect(error!.message).toMatch(/author/);
  });

  it('unknown column in a filter: 400 42703', async () => {
    const { error, status } = await admin.client.from('blog_posts').select('id').eq('author' as never, 'x');
    expect(status).toBe(400);
    expect(error!.code).toBe('42703');
  });

  it('unknown column in an insert body: 400 PGRST204, no row', async () => {
    const { error, status } = await admin.client.from('blog_posts').insert({ title: 'Has an author', author: 'someone' } as never);
    expect(status).toBe(400);
    expect(error!.code).toBe('PGRST204');
    expect(error!.message).toMatch(/author/);
  });

  it('invalid UUID: 400 22P02, on read and on update', async () => {
    const read = await admin.client.from('blog_posts').select('*').eq('id', 'not-a-uuid');
    expect(read.status).toBe(400);
    expect(read.error!.code).toBe('22P02');
    expect(read.error!.message).toMatch(/uuid/i);
    const write = await admin.client.from('blog_posts').update({ title: 'x' }).eq('id', 'not-a-uuid');
    expect(write.status).toBe(400);
    expect(write.error!.code).toBe('22P02');
  });

  it.each([
    ['pt', 'Media Relations'],
    ['en', 'Relações com Mídia'],
    ['en', 'Politics'],
  ] as const)('wrong category for the language (%s, %s): 400 23514 naming the valid ones', async (language, category) => {
    const { error, status } = await admin.client.from('blog_posts').insert({ title: 'Wrong category', language, category });
    expect(status).toBe(400);
    expect(error!.code).toBe('23514');
    expect(error!.message).toBe(
      `Category "${category}" is not valid for a post in ${language}. Use one of: ${
        language === 'pt'
          ? 'Relações com Mídia, Comunicação de Crise, Experiências Pessoais, Outros'
          : 'Media Relations, Crisis Communication, Personal Experiences, Others'
      }.`,
    );
  });

  it('changing only the language of a categorised post is refused too', async () => {
    const { data: post } = await admin.client.from('blog_posts').insert({ title: 'Categorised', language: 'en', category: 'Others' }).select().single();
    posts += 1;
    const { error, status } = await admin.client.from('blog_posts').update({ language: 'pt' }).eq('id', post!.id);
    expect(status).toBe(400);
    expect(error!.code).toBe('23514');
    const { data: after } = await backend.service.from('blog_posts').select('language').eq('id', post!.id).single();
    expect(after!.language).toBe('en');
  });

  it('invalid language: 400 23514', async () => {
    const { error, status } = await admin.client.from('blog_posts').insert({ title: 'Em francês', language: 'fr' });
    expect(status).toBe(400);
    expect(error!.code).toBe('23514');
    expect(error!.message).toMatch(/blog_posts_language_valid/);
  });

  it.each(['', '   ', '\n\t'])('blank title %j: 400 23514 blog_posts_title_not_blank', async (title) => {
    const { error, status } = await admin.client.from('blog_posts').insert({ title });
    expect(status).toBe(400);
    expect(error!.code).toBe('23514');
    expect(error!.message).toMatch(/blog_posts_title_not_blank/);
  });

  it('missing title: 400 23502', async () => {
    const { error, status } = await admin.client.from('blog_posts').insert({ excerpt: 'No title' } as never);
    expect(status).toBe(400);
    expect(error!.code).toBe('23502');
    expect(error!.message).toMatch(/title/);
  });

  it('blanking the title of an existing post is refused', async () => {
    const { data: post } = await admin.client.from('blog_posts').select('id, title').limit(1).single();
    const { error, status } = await admin.client.from('blog_posts').update({ title: ' ' }).eq('id', post!.id);
    expect(status).toBe(400);
    expect(error!.code).toBe('23514');
    const { data: after } = await backend.service.from('blog_posts').select('title').eq('id', post!.id).single();
    expect(after!.title).toBe(post!.title);
  });

  it('oversized body (over 1 MB): 413, on insert and on update', async () => {
    const content = 'x'.repeat(2 * 1024 * 1024);
    const inserted = await admin.client.from('blog_posts').insert({ title: 'Huge', content });
    expect(inserted.status).toBe(413);
    expect(inserted.error!.message).toBeTruthy();
    const { data: post } = await admin.client.from('blog_posts').select('id, content').limit(1).single();
    const updated = await admin.client.from('blog_posts').update({ content }).eq('id', post!.id);
    expect(updated.status).toBe(413);
    const { data: after } = await backend.service.from('blog_posts').select('content').eq('id', post!.id).single();
    expect(after!.content).toBe(post!.content);
  });

  it('after a 413 the next requests work (the refused body does not break the connection)', async () => {
    const content = 'x'.repeat(2 * 1024 * 1024);
    for (let i = 0; i < 3; i++) {
      expect((await admin.client.from('blog_posts').insert({ title: 'Huge', content })).status).toBe(413);
      const { error, status } = await admin.client.from('blog_posts').update({ read_time: '5 min' }).eq('id', randomUUID());
      expect(error).toBeNull();
      expect(status).toBe(204);
    }
  });

  it('a setting value of null: 400 23502, value kept', async () => {
    const { data: row } = await admin.client.from('site_settings').select('*').eq('key', 'nav_blog').eq('language', 'pt').single();
    const { error, status } = await admin.client.from('site_settings').update({ value: null as never }).eq('id', row!.id);
    expect(status).toBe(400);
    expect(error!.code).toBe('23502');
    const { data: after } = await backend.service.from('site_settings').select('value').eq('id', row!.id).single();
    expect(after!.value).toBe(row!.value);
  });

  it('a second row for the same key and language: 409 23505, even for the service_role', async () => {
    const { error, status } = await backend.service.from('site_settings').insert({ key: 'hero_title', language: 'pt', value: 'Twice' });
    expect(status).toBe(409);
    expect(error!.code).toBe('23505');
    expect(error!.message).toMatch(/site_settings_key_language_key/);
    expect(await backend.count('site_settings')).toBe(SETTING_KEYS.length * 2);
  });

  it('bad JSON: 400 PGRST102', async () => {
    const response = await backend.request('/rest/v1/blog_posts', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: '{"title": "Half a post",',
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ code: 'PGRST102' });
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });

  it('a JSON body that is not an object or array: 400', async () => {
    const response = await backend.request('/rest/v1/blog_posts', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '"just a string"',
    });
    expect(response.status).toBe(400);
  });

  it('unknown table: 404', async () => {
    const { error, status } = await admin.client.from('blog_postz' as never).select('*');
    expect(status).toBe(404);
    expect(error).not.toBeNull();
  });

  it('a forged token: 401', async () => {
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const response = await backend.request('/rest/v1/blog_posts?select=id', { token: forged });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: expect.stringMatching(/^PGRST30/) });
  });

  it('an identifier that tries to reach SQL is refused, not run', async () => {
    const response = await backend.request(`/rest/v1/blog_posts?select=${encodeURIComponent('id;drop table blog_posts')}`, { token });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await backend.count('blog_posts')).toBe(posts);
  });
});
