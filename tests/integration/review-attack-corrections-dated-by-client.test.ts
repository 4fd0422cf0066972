/**
 * Found by the security review of issue 26: blog_post_corrections grants
 * INSERT on created_at to authenticated (for import_corrections, which runs
 * as the caller), so any insert, not only a restore, dates its correction as
 * the client likes. A correction is a dated public record: backdated, it
 * says the text was corrected before it was; dated ahead, it shows
 * "Correção (1 de janeiro de 2099)" and, through greatest() in the stamping
 * trigger, pins blog_posts.revised_at (the page's and the feed's modified
 * date, "set by triggers, never by clients") in the future, where later
 * corrections no longer move it.
 */
import { randomUUID } from 'node:crypto';
import { targets, useBackend, type TestUser } from './harness.ts';

describe.each(targets)("a correction's date, on $name", (target) => {
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
  const dbNow = async () => new Date((await b.sql<{ now: Date }>('select clock_timestamp() as now'))[0]!.now).getTime();

  it('a correction she adds is dated when it is added: a date the client sends is refused or ignored', async () => {
    const id = await published();
    const before = await dbNow();
    for (const created_at of ['2001-01-01T00:00:00Z', '2099-01-01T00:00:00Z']) {
      await admin.client.from('blog_post_corrections').insert({ post_id: id, note: `Nota datada ${created_at}.`, created_at });
    }
    const after = await dbNow();
    const rows = await b.sql<{ created_at: Date }>('select created_at from public.blog_post_corrections where post_id = $1', [id]);
    for (const row of rows) {
      expect(new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(before);
      expect(new Date(row.created_at).getTime()).toBeLessThanOrEqual(after);
    }
    const [post] = await b.sql<{ revised_at: Date | null }>('select revised_at from public.blog_posts where id = $1', [id]);
    if (post!.revised_at !== null) expect(new Date(post!.revised_at).getTime()).toBeLessThanOrEqual(after);
  });

  it('a restore brings no correction dated in the future, and the post is never dated as revised ahead of now', async () => {
    const id = await published();
    await admin.client.rpc('import_corrections', { corrections: [{ post_id: id, note: 'Do futuro.', created_at: '2099-01-01T00:00:00Z' }] });
    const after = await dbNow();
    const rows = await b.sql<{ created_at: Date }>('select created_at from public.blog_post_corrections where post_id = $1', [id]);
    for (const row of rows) expect(new Date(row.created_at).getTime()).toBeLessThanOrEqual(after);
    const [post] = await b.sql<{ revised_at: Date | null }>('select revised_at from public.blog_posts where id = $1', [id]);
    if (post!.revised_at !== null) expect(new Date(post!.revised_at).getTime()).toBeLessThanOrEqual(after);
  });
});
