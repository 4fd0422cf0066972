/** GET/HEAD on /rest/v1 through the whole app, over PGlite with the REST fixture. */
import { schemaCacheFor } from './index.ts';
import { createTestBackend, signToken, USER_A, type TestBackend } from './testing.ts';

let b: TestBackend;
beforeAll(async () => {
  b = await createTestBackend();
  // A draft owned by USER_A, for the authenticated cases.
  await b.db.query(`insert into public.notes (title, published, owner_id, created_at) values ('Mine', false, $1, '2025-02-01T00:00:00Z')`, [USER_A]);
});
afterAll(() => b?.close());

const titles = (rows: { title: string }[]) => rows.map((r) => r.title);

describe('select', () => {
  it('returns the rows RLS lets anon see, with PostgREST headers', async () => {
    const r = await b.request('/notes?select=*&order=id');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('content-range')).toBe('0-2/*');
    expect(titles(r.json)).toEqual(['First', 'Second', 'Third']);
  });

  it('prints values as Postgres prints them in JSON', async () => {
    const r = await b.request('/notes?select=created_at,tags,meta,rating&id=eq.1');
    expect(r.json).toEqual([{ created_at: '2025-01-01T10:00:00+00:00', tags: ['news', 'pt'], meta: { lang: 'pt', n: 1 }, rating: 5 }]);
  });

  it('takes column lists, aliases, casts and JSON paths', async () => {
    const r = await b.request('/notes?select=id,name:title,rating::text,meta->>lang&id=eq.1');
    expect(r.json).toEqual([{ id: 1, name: 'First', rating: '5', lang: 'pt' }]);
  });

  it('defaults to * without select', async () => {
    const r = await b.request('/notes?id=eq.3');
    expect(Object.keys(r.json[0])).toContain('body');
  });

  it('answers an empty array with */* when nothing matches', async () => {
    const r = await b.request('/notes?id=eq.999');
    expect(r.json).toEqual([]);
    expect(r.headers.get('content-range')).toBe('*/*');
  });
});

describe('filters', () => {
  const cases: [string, string[]][] = [
    ['title=eq.First', ['First']],
    ['title=neq.First', ['Second', 'Third']],
    ['rating=gt.3', ['First']],
    ['rating=gte.3', ['First', 'Third']],
    ['rating=lt.5', ['Third']],
    ['rating=lte.5', ['First', 'Third']],
    ['title=like.*ir*', ['First', 'Third']],
    ['title=ilike.%25SEC%25', ['Second']],
    ['title=in.(First,"Third")', ['First', 'Third']],
    ['id=in.()', []],
    ['rating=is.null', ['Second']],
    ['rating=not.is.null', ['First', 'Third']],
    ['title=not.eq.First', ['Second', 'Third']],
    ['id=not.in.(1,2)', ['Third']],
    ['tags=cs.{news}', ['First', 'Second']],
    ['meta->>lang=eq.en', ['Second']],
    ['rating=gt.1&rating=lt.5', ['Third']],
    ['or=(title.eq.First,rating.eq.3)', ['First', 'Third']],
    ['or=(title.eq.Second,and(rating.gte.3,tags.cs.{pt}))', ['First', 'Second']],
    ['not.or=(title.eq.First,title.eq.Second)', ['Third']],
    ['or=(title.in.("First","Nope"),title.eq."Third")', ['First', 'Third']],
    ['published=is.true&title=match.^S', ['Second']],
  ];
  it.each(cases)('%s', async (query, expected) => {
    const r = await b.request(`/notes?select=title&order=id&${query}`);
    expect(r.status, r.text).toBe(200);
    expect(titles(r.json)).toEqual(expected);
  });

  it('decodes + as a space, as URLSearchParams does', async () => {
    await b.db.query(`insert into public.settings (key, value) values ('with space', 'a b')`);
    const r = await b.request('/settings?select=key&value=eq.a+b');
    expect(r.json).toEqual([{ key: 'with space' }]);
  });
});

describe('order, limit, offset, Range', () => {
  it('orders by several columns with directions', async () => {
    const r = await b.request('/settings?select=key,language&order=key.asc,language.desc&key=neq.with space');
    expect(r.json).toEqual([
      { key: 'a_intro', language: 'pt' },
      { key: 'a_intro', language: 'en' },
      { key: 'b_title', language: 'en' },
    ]);
  });

  it('places NULLs as asked', async () => {
    const first = await b.request('/notes?select=title&order=rating.desc.nullsfirst');
    expect(titles(first.json)).toEqual(['Second', 'First', 'Third']);
    const last = await b.request('/notes?select=title&order=rating.desc.nullslast');
    expect(titles(last.json)).toEqual(['First', 'Third', 'Second']);
    const defaultAsc = await b.request('/notes?select=title&order=rating');
    expect(titles(defaultAsc.json)).toEqual(['Third', 'First', 'Second']);
  });

  it('pages with limit and offset', async () => {
    const r = await b.request('/notes?select=title&order=id&limit=1&offset=1');
    expect(titles(r.json)).toEqual(['Second']);
    expect(r.headers.get('content-range')).toBe('1-1/*');
  });

  it('pages with a Range header', async () => {
    const r = await b.request('/notes?select=title&order=id', { headers: { Range: '1-2', 'Range-Unit': 'items' } });
    expect(titles(r.json)).toEqual(['Second', 'Third']);
    expect(r.headers.get('content-range')).toBe('1-2/*');
  });
});

describe('counts', () => {
  it('gives the total in Content-Range and 206 for a partial page', async () => {
    const r = await b.request('/notes?select=id&order=id&limit=2', { headers: { Prefer: 'count=exact' } });
    expect(r.status).toBe(206);
    expect(r.headers.get('content-range')).toBe('0-1/3');
  });

  it('answers 200 when the page holds every row', async () => {
    const r = await b.request('/notes?select=id', { headers: { Prefer: 'count=exact' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toBe('0-2/3');
  });

  it('answers HEAD with headers only', async () => {
    const r = await b.request('/notes?select=*', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expect(r.headers.get('content-range')).toBe('0-2/3');
  });

  it('answers 416 for an offset past the end', async () => {
    const r = await b.request('/notes?select=id&offset=10', { headers: { Prefer: 'count=exact' } });
    expect(r.status).toBe(416);
    expect(r.json.code).toBe('PGRST103');
    expect(r.headers.get('content-range')).toBe('*/3');
  });
});

describe('single object', () => {
  const single = { Accept: 'application/vnd.pgrst.object+json' };
  it('returns one bare object', async () => {
    const r = await b.request('/notes?select=id,title&id=eq.2', { headers: single });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    expect(r.json).toEqual({ id: 2, title: 'Second' });
  });

  it('prints the object byte for byte as PostgREST does, (json_agg(row) -> 0)::text', async () => {
    const r = await b.request('/notes?select=*&id=eq.1', { headers: single });
    const postgrest = await b.db.query<{ body: string }>(`select (json_agg(_t) -> 0)::text as body from (select * from public.notes where id = 1) _t`);
    expect(r.text).toBe(postgrest.rows[0]!.body);
    expect(r.json).toMatchObject({ id: 1, tags: ['news', 'pt'], meta: { lang: 'pt', n: 1 } });
  });

  it('answers 406 PGRST116 for no row (a draft is invisible to anon)', async () => {
    const r = await b.request('/notes?select=id&slug=eq.draft', { headers: single });
    expect(r.status).toBe(406);
    expect(r.json).toEqual({ code: 'PGRST116', details: 'The result contains 0 rows', hint: null, message: 'Cannot coerce the result to a single JSON object' });
  });

  it('answers 406 PGRST116 for several rows', async () => {
    const r = await b.request('/notes?select=id', { headers: single });
    expect(r.status).toBe(406);
    expect(r.json.details).toBe('The result contains 3 rows');
  });
});

describe('who is asking', () => {
  it('lets an owner read their draft through RLS', async () => {
    const r = await b.request('/notes?select=title&published=is.false', { token: await b.userToken(USER_A) });
    expect(titles(r.json)).toEqual(['Mine']);
  });

  it('lets the service_role read everything', async () => {
    const r = await b.request('/notes?select=title&published=is.false&order=id', { key: b.keys.serviceRoleKey });
    expect(titles(r.json)).toEqual(['Draft', 'Mine']);
  });

  it('uses the apikey when there is no Authorization header', async () => {
    const res = await b.app.request('/rest/v1/notes?select=id', { headers: { apikey: b.keys.anonKey } });
    expect(res.status).toBe(200);
  });

  it('answers 401 like the gateway without any key', async () => {
    const res = await b.app.request('/rest/v1/notes');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe('No API key found in request');
  });

  it('refuses a token signed with another secret (PGRST301)', async () => {
    const token = await signToken({ role: 'anon' }, 'another-secret-that-is-long-enough-000000');
    const r = await b.request('/notes', { token });
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('PGRST301');
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
  });

  it('refuses a malformed token (PGRST301)', async () => {
    const r = await b.request('/notes', { token: 'abc.def' });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 2' });
  });

  it('refuses an expired token (PGRST303)', async () => {
    const token = await signToken({ role: 'authenticated', sub: USER_A }, undefined, Math.floor(Date.now() / 1000) - 3600);
    const r = await b.request('/notes', { token });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    expect(r.headers.get('www-authenticate')).toContain('JWT expired');
  });

  it('refuses roles other than the API roles', async () => {
    const r = await b.request('/notes', { token: await signToken({ role: 'postgres' }) });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('42501');
  });
});

describe('errors', () => {
  it('unknown table: 404 PGRST205 with a hint', async () => {
    const r = await b.request('/note');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({
      code: 'PGRST205', details: null, hint: "Perhaps you meant the table 'public.notes'",
      message: "Could not find the table 'public.note' in the schema cache",
    });
  });

  it('unknown column in select, filter or order: 400 42703', async () => {
    for (const q of ['select=nope', 'nope=eq.1', 'order=nope']) {
      const r = await b.request(`/notes?${q}`);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ code: '42703', message: 'column notes.nope does not exist' });
    }
  });

  it('malformed filter, order, limit: 400 PGRST100', async () => {
    for (const q of ['id=eqq.1', 'id=in.1,2', 'id=is.maybe', 'order=id.up', 'limit=-1', 'or=title.eq.x', 'select=id::text;drop']) {
      const r = await b.request(`/notes?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.code, q).toBe('PGRST100');
    }
  });

  it('bad literal: 400 22P02 from Postgres', async () => {
    const r = await b.request('/notes?id=eq.abc');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: '22P02', message: 'invalid input syntax for type bigint: "abc"' });
  });

  it('embedded resources: 400 PGRST108 / PGRST200', async () => {
    expect((await b.request('/notes?author.name=eq.x')).json.code).toBe('PGRST108');
    expect((await b.request('/notes?select=id,comments(text)')).json.code).toBe('PGRST200');
  });

  it('other schemas: 406 PGRST106', async () => {
    const r = await b.request('/notes', { headers: { 'Accept-Profile': 'auth' } });
    expect(r.status).toBe(406);
    expect(r.json).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth' });
  });

  it('echoes the public profile', async () => {
    const r = await b.request('/notes?select=id&limit=1', { headers: { 'Accept-Profile': 'public' } });
    expect(r.headers.get('content-profile')).toBe('public');
  });

  it('unsupported media type: 406 PGRST107', async () => {
    const r = await b.request('/notes', { headers: { Accept: 'text/csv' } });
    expect(r.status).toBe(406);
    expect(r.json.code).toBe('PGRST107');
  });
});

describe('identifiers from the URL are never SQL', () => {
  const attempts = [
    '/notes";drop table public.notes;--',
    '/notes?select=id,"title\\"; drop table public.notes; --"',
    '/notes?select=id&"id\\" = 1 or 1=1; --"=eq.1',
    '/notes?order=id;drop table public.notes',
    '/notes?select=id&title=eq.x\';drop table public.notes;--',
    '/notes?select=meta->>\'a\'\';drop table public.notes;--',
    '/rpc/add_numbers";drop table public.notes;--',
  ];
  it.each(attempts)('%s', async (pathAndQuery) => {
    const r = await b.request(pathAndQuery.replaceAll(' ', '%20'));
    expect(r.status).toBeGreaterThanOrEqual(200);
    const still = await b.db.query<{ n: number }>('select count(*)::int as n from public.notes');
    expect(still.rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('CORS', () => {
  it('answers the preflight with the headers supabase-js sends', async () => {
    const res = await b.app.request('/rest/v1/notes', {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'apikey,prefer' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('accept-profile');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('exposes Content-Range', async () => {
    const res = await b.app.request('/rest/v1/notes?select=id', { headers: { apikey: b.keys.anonKey, Origin: 'http://localhost:5173' } });
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('allows any origin on answers and errors of every API alike, keeping their own headers', async () => {
    const headers = { apikey: b.keys.anonKey, Origin: 'http://localhost:5173', 'Accept-Encoding': 'gzip' };
    const ok = await b.app.request('/rest/v1/notes?select=id', { headers });
    const bad = await b.app.request('/rest/v1/notes?id=nope.1', { headers });
    const auth = await b.app.request('/auth/v1/settings', { headers });
    for (const res of [ok, bad, auth]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    }
    expect(ok.headers.get('content-range')).toMatch(/^0-\d+\/\*$/);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/json');
  });
});

describe('limits', () => {
  it('answers a 3,000-deep or=( … ) with 400 PGRST100, not a stack overflow', async () => {
    const r = await b.request(`/notes?or=(${'or('.repeat(3000)}id.eq.1${')'.repeat(3001)}`);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'PGRST100', details: 'and/or nested deeper than 32 levels' });
    // Real nesting still works.
    const ok = await b.request(`/notes?select=id&or=(${'and('.repeat(5)}id.eq.1${')'.repeat(5)},id.eq.2)&order=id`);
    expect(ok.json).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('answers a Range past what a number holds with 416 and a clear message', async () => {
    for (const range of ['99999999999999999999-', '0-99999999999999999999']) {
      const r = await b.request('/notes?select=id', { headers: { Range: range } });
      expect(r.status).toBe(416);
      expect(r.json).toMatchObject({ code: 'PGRST103', details: "The Range header's boundaries must be whole numbers of at most 15 digits." });
    }
  });

  it('refuses more than 10000 values instead of hitting the protocol limit', async () => {
    const list = Array.from({ length: 10_001 }, (_, i) => i).join(',');
    const r = await b.request(`/notes?select=id&id=in.(${list})`);
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('PGRST100');
  });
});

describe('the same read asked again (its plan is kept)', () => {
  it('answers each Range, Accept and Prefer on the same URL as asked, each time', async () => {
    const url = '/notes?select=title&order=id';
    for (let round = 0; round < 2; round++) {
      expect(titles((await b.request(url)).json)).toEqual(['First', 'Second', 'Third']);
      const ranged = await b.request(url, { headers: { Range: '1-1' } });
      expect([ranged.headers.get('content-range'), titles(ranged.json)]).toEqual(['1-1/*', ['Second']]);
      const counted = await b.request(url, { headers: { Range: '0-0', Prefer: 'count=exact' } });
      expect([counted.status, counted.headers.get('content-range')]).toEqual([206, '0-0/3']);
      const one = await b.request('/notes?select=title&id=eq.2', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
      expect(one.json).toEqual({ title: 'Second' });
      expect((await b.request('/notes?select=title&id=eq.2')).json).toEqual([{ title: 'Second' }]);
    }
  });

  it('builds a read again after a schema reload, with the types of now', async () => {
    const url = '/notes?select=title&rating=gte.4&order=id';
    expect(titles((await b.request(url)).json)).toEqual(['First']);
    // The filter's value was cast to integer; compared as text now, '5' >= '4' still holds.
    await b.db.exec('alter table public.notes alter column rating type text using rating::text');
    try {
      await schemaCacheFor(b.db).reload();
      const r = await b.request(url);
      expect([r.status, titles(r.json)]).toEqual([200, ['First']]);
    } finally {
      await b.db.exec('alter table public.notes alter column rating type integer using rating::integer');
      await schemaCacheFor(b.db).reload();
    }
  });
});

describe('caching of private answers (issue 22)', () => {
  it('a signed-in caller\'s reads, writes and errors are no-store; anon reads stay cacheable', async () => {
    const token = await b.userToken(USER_A);
    const mine = await b.request('/notes?select=title&title=eq.Mine', { token });
    expect(mine.json).toEqual([{ title: 'Mine' }]);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    const write = await b.request('/notes', { method: 'POST', token, body: { title: 'Private write' } });
    expect(write.status).toBe(201);
    expect(write.headers.get('cache-control')).toBe('no-store');
    const error = await b.request('/notes?select=nope', { token });
    expect(error.status).toBe(400);
    expect(error.headers.get('cache-control')).toBe('no-store');
    const rpc = await b.request('/rpc/whoami', { method: 'POST', token, body: {} });
    expect(rpc.headers.get('cache-control')).toBe('no-store');
    // A token that is refused: who it was for is unknown, so nothing is kept either.
    const refused = await b.request('/notes', { token: 'not.a.jwt' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');

    const anon = await b.request('/notes?select=title&order=id');
    expect(anon.status).toBe(200);
    expect(anon.headers.get('cache-control')).toBeNull();
  });
});
