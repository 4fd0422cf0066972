/** POST/PATCH/DELETE and rpc on /rest/v1 through the whole app, over PGlite with the REST fixture. */
import { schemaCacheFor } from './index.ts';
import { createTestBackend, USER_A, USER_B, type TestBackend } from './testing.ts';

let b: TestBackend;
let tokenA: string;
let tokenB: string;
beforeAll(async () => {
  b = await createTestBackend();
  tokenA = await b.userToken(USER_A);
  tokenB = await b.userToken(USER_B);
});
afterAll(() => b?.close());

const count = async (where = 'true') =>
  (await b.db.query<{ n: number }>(`select count(*)::int as n from public.notes where ${where}`)).rows[0]!.n;
const representation = { Prefer: 'return=representation' };
const single = { Accept: 'application/vnd.pgrst.object+json' };

describe('bodies nested too deep', () => {
  it('are a 400 PGRST102, in a column value or as the whole body, and write nothing', async () => {
    const token = await b.userToken(USER_A);
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const before = (await b.db.query<{ n: number }>('select count(*)::int as n from public.notes')).rows[0]!.n;
    for (const body of [`{"title": "x", "meta": ${deep(20_000)}}`, deep(20_000)]) {
      const r = await b.request('/notes', { method: 'POST', token, body });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ code: 'PGRST102', details: 'The JSON nests deeper than 64 levels.' });
    }
    expect((await b.db.query<{ n: number }>('select count(*)::int as n from public.notes')).rows[0]!.n).toBe(before);
  });
});

describe('insert', () => {
  it('answers 201 with no body by default (return=minimal), and writes the row', async () => {
    const r = await b.request('/notes', { method: 'POST', token: tokenA, body: { title: 'Minimal A' } });
    expect(r.status).toBe(201);
    expect(r.text).toBe('');
    expect(r.headers.get('content-range')).toBe('*/*');
    expect(await count(`title = 'Minimal A' and owner_id = '${USER_A}'`)).toBe(1);
  });

  it('returns the row through the select list with return=representation', async () => {
    const r = await b.request('/notes?select=title,owner_id,published,tags', {
      method: 'POST', token: tokenA, headers: representation, body: { title: 'Repr' },
    });
    expect(r.status).toBe(201);
    expect(r.json).toEqual([{ title: 'Repr', owner_id: USER_A, published: false, tags: [] }]);
  });

  it('returns one object with .single()', async () => {
    const r = await b.request('/notes?select=title', { method: 'POST', token: tokenA, headers: { ...representation, ...single }, body: { title: 'One' } });
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ title: 'One' });
  });

  it('inserts many with columns=; missing keys are NULL, or the DEFAULT with missing=default', async () => {
    const rows = [{ key: 'm1', value: 'x', language: 'pt' }, { key: 'm2', value: 'y' }];
    const nulls = await b.request('/settings?columns=%22key%22,%22value%22,%22language%22', { method: 'POST', body: rows });
    expect(nulls.status).toBe(400);
    expect(nulls.json.code).toBe('23502');
    const defaults = await b.request('/settings?columns=%22key%22,%22value%22,%22language%22&select=key,language', {
      method: 'POST', headers: { Prefer: 'missing=default, return=representation, count=exact' }, body: rows,
    });
    expect(defaults.status).toBe(201);
    expect(defaults.json).toEqual([{ key: 'm1', language: 'pt' }, { key: 'm2', language: 'en' }]);
    expect(defaults.headers.get('content-range')).toBe('*/2');
  });

  it('upserts with resolution=merge-duplicates', async () => {
    // ON CONFLICT DO UPDATE needs an UPDATE policy: the service_role bypasses RLS.
    const r = await b.request('/settings?on_conflict=key,language&select=value', {
      method: 'POST', key: b.keys.serviceRoleKey, headers: { Prefer: 'resolution=merge-duplicates,return=representation' },
      body: { key: 'a_intro', language: 'en', value: 'Changed' },
    });
    expect(r.status).toBe(201);
    expect(r.json).toEqual([{ value: 'Changed' }]);
    const ignored = await b.request('/settings', {
      method: 'POST', key: b.keys.serviceRoleKey, headers: { Prefer: 'resolution=ignore-duplicates' }, body: { key: 'a_intro', language: 'en', value: 'Ignored' },
    });
    expect(ignored.status).toBe(201);
    const row = await b.db.query<{ value: string }>(`select value from public.settings where key = 'a_intro' and language = 'en'`);
    expect(row.rows[0]!.value).toBe('Changed');
  });

  it('answers 401 42501 for anon and 403 for another user, RLS deciding', async () => {
    const anon = await b.request('/notes', { method: 'POST', body: { title: 'Anon' } });
    expect(anon.status).toBe(401);
    expect(anon.json).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "notes"' });
    const other = await b.request('/notes', { method: 'POST', token: tokenB, body: { title: 'Forged', owner_id: USER_A } });
    expect(other.status).toBe(403);
    expect(await count(`title in ('Anon', 'Forged')`)).toBe(0);
  });

  it('maps constraint errors to PostgREST statuses and writes nothing', async () => {
    const svc = { key: b.keys.serviceRoleKey };
    const cases: [unknown, number, string][] = [
      [{ title: 'Dup', slug: 'first' }, 409, '23505'],
      [{ title: '   ' }, 400, '23514'],
      [{ title: null }, 400, '23502'],
      [{ title: 'Bad int', rating: 'many' }, 400, '22P02'],
    ];
    for (const [body, status, code] of cases) {
      const r = await b.request('/notes', { method: 'POST', ...svc, body });
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.json.code).toBe(code);
      expect(typeof r.json.message).toBe('string');
    }
    const fk = await b.request('/comments', { method: 'POST', ...svc, body: { note_id: 9999, text: 'x' } });
    expect(fk.status).toBe(409);
    expect(fk.json.code).toBe('23503');
    expect(await count(`title in ('Dup', 'Bad int')`)).toBe(0);
  });

  it('unknown column in the body or columns=: 400 PGRST204', async () => {
    const r = await b.request('/notes', { method: 'POST', key: b.keys.serviceRoleKey, body: { title: 'x', colour: 'red' } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'PGRST204', message: "Could not find the 'colour' column of 'notes' in the schema cache" });
    const c = await b.request('/notes?columns=title,colour', { method: 'POST', key: b.keys.serviceRoleKey, body: [{ title: 'x' }] });
    expect(c.json.code).toBe('PGRST204');
  });

  it('bad JSON: 400 PGRST102, nothing written', async () => {
    const before = await count();
    for (const body of ['{"title": ', '', '42', '[1,2]']) {
      const r = await b.request('/notes', { method: 'POST', key: b.keys.serviceRoleKey, body, headers: { 'Content-Type': 'application/json' } });
      expect(r.status, body).toBe(400);
      expect(r.json.code).toBe('PGRST102');
    }
    expect(await count()).toBe(before);
  });

  it('a body over 1 MB: 413 in PostgREST shape, nothing written', async () => {
    const before = await count();
    const r = await b.request('/notes', { method: 'POST', key: b.keys.serviceRoleKey, body: { title: 'big', body: 'x'.repeat(1024 * 1024 + 10) } });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ code: 'PGRST413', message: 'Payload Too Large' });
    expect(await count()).toBe(before);
  });

  it('rolls back a .single() insert of two rows (406)', async () => {
    const r = await b.request('/notes', { method: 'POST', token: tokenA, headers: single, body: [{ title: 'S1' }, { title: 'S2' }] });
    expect(r.status).toBe(406);
    expect(r.json).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect(await count(`title in ('S1', 'S2')`)).toBe(0);
  });

  it('rolls back with Prefer: tx=rollback but still answers', async () => {
    const r = await b.request('/notes?select=title', { method: 'POST', token: tokenA, headers: { Prefer: 'return=representation,tx=rollback' }, body: { title: 'Ghost' } });
    expect(r.status).toBe(201);
    expect(r.json).toEqual([{ title: 'Ghost' }]);
    expect(await count(`title = 'Ghost'`)).toBe(0);
  });
});

describe('update', () => {
  it('answers 204 by default and 200 with the rows for representation', async () => {
    await b.db.query(`insert into public.notes (title, owner_id, rating) values ('U1', $1, 1), ('U2', $1, 1)`, [USER_A]);
    const minimal = await b.request('/notes?title=eq.U1', { method: 'PATCH', token: tokenA, body: { rating: 2 } });
    expect(minimal.status).toBe(204);
    expect(minimal.headers.get('content-range')).toBe('0-0/*');
    const repr = await b.request('/notes?title=in.(U1,U2)&select=title,rating', {
      method: 'PATCH', token: tokenA, headers: { ...representation, Prefer: 'return=representation, count=exact' }, body: { rating: 4, body: 'b' },
    });
    expect(repr.status).toBe(200);
    expect(repr.json).toEqual(expect.arrayContaining([{ title: 'U1', rating: 4 }, { title: 'U2', rating: 4 }]));
    expect(repr.headers.get('content-range')).toBe('0-1/2');
  });

  it('touches nothing RLS hides: 0 rows, not an error', async () => {
    const r = await b.request('/notes?title=eq.U1', { method: 'PATCH', token: tokenB, headers: representation, body: { rating: 5 } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual([]);
    expect(await count(`title = 'U1' and rating = 4`)).toBe(1);
  });

  it('refuses a new row that fails WITH CHECK (403 42501)', async () => {
    const r = await b.request('/notes?title=eq.U1', { method: 'PATCH', token: tokenA, body: { owner_id: USER_B } });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('42501');
  });

  it('rolls back a .single() update that matched two rows', async () => {
    const r = await b.request('/notes?title=in.(U1,U2)', { method: 'PATCH', token: tokenA, headers: { ...representation, ...single }, body: { rating: 9 } });
    expect(r.status).toBe(406);
    expect(await count(`rating = 9`)).toBe(0);
  });

  it('refuses an update without a filter (pg-safeupdate, as hosted)', async () => {
    const r = await b.request('/notes', { method: 'PATCH', key: b.keys.serviceRoleKey, body: { rating: 1 } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
  });

  it('unknown column in the body: 400 PGRST204', async () => {
    const r = await b.request('/notes?id=eq.1', { method: 'PATCH', key: b.keys.serviceRoleKey, body: { nope: 1 } });
    expect(r.json.code).toBe('PGRST204');
  });
});

describe('delete', () => {
  it('returns the deleted rows with representation, 204 otherwise', async () => {
    await b.db.query(`insert into public.notes (title, owner_id) values ('D1', $1), ('D2', $1)`, [USER_A]);
    const repr = await b.request('/notes?title=eq.D1&select=title', { method: 'DELETE', token: tokenA, headers: representation });
    expect(repr.status).toBe(200);
    expect(repr.json).toEqual([{ title: 'D1' }]);
    const minimal = await b.request('/notes?title=eq.D2', { method: 'DELETE', token: tokenA, headers: { Prefer: 'count=exact' } });
    expect(minimal.status).toBe(204);
    expect(minimal.headers.get('content-range')).toBe('0-0/1');
    expect(await count(`title in ('D1', 'D2')`)).toBe(0);
  });

  it('deletes nothing for anon (RLS): 204, rows kept', async () => {
    const r = await b.request('/notes?id=eq.1', { method: 'DELETE' });
    expect(r.status).toBe(204);
    expect(r.headers.get('content-range')).toBe('*/*');
    expect(await count('id = 1')).toBe(1);
  });

  it('refuses a delete without a filter', async () => {
    const r = await b.request('/notes', { method: 'DELETE', key: b.keys.serviceRoleKey });
    expect(r.json).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
  });
});

describe('rpc', () => {
  it('calls with named arguments (POST) and defaults', async () => {
    expect((await b.request('/rpc/add_numbers', { method: 'POST', body: { a: 1, b: 2 } })).json).toBe(3);
    expect((await b.request('/rpc/add_numbers', { method: 'POST', body: { a: 1 } })).json).toBe(11);
  });

  it('calls with GET and HEAD', async () => {
    expect((await b.request('/rpc/add_numbers?a=5&b=5')).json).toBe(10);
    const head = await b.request('/rpc/add_numbers?a=5', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });

  it('returns sets of scalars and of rows', async () => {
    expect((await b.request('/rpc/published_titles', { method: 'POST', body: { min_rating: 3 } })).json).toEqual(['First', 'Third']);
    const rows = (await b.request('/rpc/notes_by_tag', { method: 'POST', body: { tag: 'pt' } })).json;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, title: 'First', created_at: '2025-01-01T10:00:00+00:00' });
  });

  it('returns one row of a set bare with .single(), else 406', async () => {
    const one = await b.request('/rpc/published_titles', { method: 'POST', headers: single, body: { min_rating: 5 } });
    expect(one.status).toBe(200);
    expect(one.json).toBe('First');
    const many = await b.request('/rpc/published_titles', { method: 'POST', headers: single, body: {} });
    expect(many.status).toBe(406);
    expect(many.json.code).toBe('PGRST116');
  });

  it('returns a JSON value of a set bare with .single(), without the whitespace around it, as PostgREST does', async () => {
    const r = await b.request('/rpc/padded_json', { method: 'POST', headers: single, body: {} });
    expect(r.status).toBe(200);
    expect(r.text).toBe('{"a": [1, 2], "b": "]"}');
  });

    it('runs under the caller role and claims', async () => {
    const r = await b.request('/rpc/whoami', { method: 'POST', token: tokenA, body: {} });
    expect(r.json).toEqual({ role: 'authenticated', sub: USER_A, method: 'POST' });
    const anon = await b.request('/rpc/whoami');
    expect(anon.json).toEqual({ role: 'anon', sub: null, method: 'GET' });
  });

  it('answers 204 for void', async () => {
    const r = await b.request('/rpc/touch', { method: 'POST' });
    expect(r.status).toBe(204);
  });

  it('RAISE EXCEPTION: 400 P0001', async () => {
    const r = await b.request('/rpc/fail_with', { method: 'POST', body: { msg: 'nope' } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'P0001', message: 'nope' });
  });

  it('unknown function or arguments: 404 PGRST202', async () => {
    const r = await b.request('/rpc/add_numbers', { method: 'POST', body: { x: 1 } });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.add_numbers(x) in the schema cache' });
    expect((await b.request('/rpc/nope', { method: 'POST' })).status).toBe(404);
    const trigger = await b.request('/rpc/notes_before_write', { method: 'POST', key: b.keys.serviceRoleKey });
    expect(trigger.status).toBe(404);
    expect(trigger.json).toMatchObject({ code: 'PGRST202' });
  });

  it('no EXECUTE right: 401 for anon, 403 for a user', async () => {
    expect((await b.request('/rpc/secret_count', { method: 'POST' })).status).toBe(401);
    expect((await b.request('/rpc/secret_count', { method: 'POST', token: tokenA })).status).toBe(403);
    expect((await b.request('/rpc/secret_count', { method: 'POST', key: b.keys.serviceRoleKey })).status).toBe(200);
  });

  it('GET rpc runs read-only', async () => {
    await b.db.exec(`create function public.write_note() returns void language sql as $$ insert into public.notes (title) values ('rpc') $$`);
    await schemaCacheFor(b.db).reload();
    const r = await b.request('/rpc/write_note', { key: b.keys.serviceRoleKey });
    expect(r.status).toBe(405);
    expect(r.json.code).toBe('25006');
    expect((await b.request('/rpc/write_note', { method: 'POST', key: b.keys.serviceRoleKey })).status).toBe(204);
  });
});
