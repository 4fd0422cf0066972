/**
 * Found by the security review of issue 26: import_corrections promises that
 * a backup restored twice adds nothing, by looking for the same post, note
 * and date before each insert. Two holes: an item without created_at is
 * dated now() and so never matches what the last restore added (each restore
 * adds it again); and on PostgreSQL two restores that overlap (two tabs, a
 * double click, a retried request) both look before either commits, and both
 * add: every correction is then shown twice on the public page. Nothing in
 * the table says a correction is there once.
 *
 * The overlap is made certain by holding the post's row, which each restore's
 * stamping trigger must update, until both restores are under way; the
 * embedded database runs one transaction at a time.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { targets, useBackend, type TestUser } from './harness.ts';

describe.each(targets)('a backup restored more than once, on $name', (target) => {
  const b = useBackend(target);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin('editora');
  });

  const published = async () => {
    const { data, error } = await admin.client
      .from('blog_posts')
      .insert({ language: 'pt', title: `Publicado ${randomUUID().slice(0, 8)}`, content: 'Texto.', published: true, date: new Date(Date.now() - 86_400_000).toISOString() })
      .select('id')
      .single();
    if (error) throw new Error(`${error.code} ${error.message}`);
    return data.id;
  };
  const notes = async (id: string) =>
    (await b.sql<{ note: string }>('select note from public.blog_post_corrections where post_id = $1 order by note', [id])).map((r) => r.note);

  it('a correction without a date, restored twice, is there once at most', async () => {
    const id = await published();
    const items = [{ post_id: id, note: 'Sem data.' }];
    await admin.client.rpc('import_corrections', { corrections: items });
    await admin.client.rpc('import_corrections', { corrections: items });
    expect((await notes(id)).length).toBeLessThanOrEqual(1);
  });

  // The overlap made certain, as hosted PostgREST's pool allows it (this backend
  // gives one client's requests turns, so they are made here as PostgREST makes them).
  if (target.name !== 'PostgreSQL') return;

  it('two restores of the same backup that overlap add each correction once', { timeout: 60_000 }, async () => {
    const id = await published();
    const items = JSON.stringify([
      { post_id: id, note: 'Primeira.', created_at: '2025-03-01T10:00:00Z' },
      { post_id: id, note: 'Segunda.', created_at: '2025-04-01T10:00:00Z' },
    ]);
    const [{ name }] = (await b.sql<{ name: string }>('select current_database() as name')) as [{ name: string }];
    const url = new URL(target.serverUrl!);
    url.pathname = `/${name}`;
    const { data: session } = await admin.client.auth.getSession();
    const claims = Buffer.from(session.session!.access_token.split('.')[1]!, 'base64url').toString();
    const [holder, ...restorers] = [0, 1, 2].map(() => new pg.Client({ connectionString: url.toString() }));
    await Promise.all([holder!, ...restorers].map((c) => c.connect()));
    try {
      // Each restorer by its backend: pg_stat_activity's query text may still name the statement before.
      const pids = await Promise.all(restorers.map(async (db) => (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid));
      await holder!.query('begin');
      await holder!.query('select 1 from public.blog_posts where id = $1 for update', [id]);
      const restores = restorers.map(async (db) => {
        await db.query('begin');
        await db.query('set local role authenticated');
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
        try {
          const r = await db.query<{ added: number }>('select public.import_corrections($1::jsonb) as added', [items]);
          await db.query('commit');
          return String(r.rows[0]!.added);
        } catch (e) {
          await db.query('rollback');
          return (e as Error).message;
        }
      });
      // Both restores are under way: each waits on a lock (the held post, or the other restore).
      for (;;) {
        const [{ waiting }] = (await holder!.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity
            where pid = any($1) and wait_event_type = 'Lock'`,
          [pids],
        )).rows as [{ waiting: number }];
        if (waiting >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await holder!.query('commit');
      const answers = await Promise.all(restores);
      expect(await notes(id), `answers: ${answers.join(', ')}`).toEqual(['Primeira.', 'Segunda.']);
    } finally {
      await Promise.all([holder!, ...restorers].map((db) => db.end().catch(() => {})));
    }
  });
});
