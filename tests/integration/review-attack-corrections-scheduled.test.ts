/**
 * Found by the security review of issue 26: a correction belongs to a text
 * readers have seen, yet blog_post_corrections' insert policy and
 * import_corrections ask only `published`, which a scheduled post (published,
 * its date still ahead) also is. A correction then goes onto a post nobody
 * has read and stamps its revised_at before its publication: the day it goes
 * out, it already reads "Correção (…)" and "Atualizado em …" dated before it
 * was published, the very thing blog_posts_mark_revised refuses to do for a
 * scheduled post.
 */
import { randomUUID } from 'node:crypto';
import { targets, useBackend, type TestUser } from './harness.ts';

describe.each(targets)('corrections of a post still scheduled, on $name', (target) => {
  const b = useBackend(target);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin('editora');
  });

  const scheduled = async () => {
    const { data, error } = await admin.client
      .from('blog_posts')
      .insert({ language: 'pt', title: `Agendado ${randomUUID().slice(0, 8)}`, content: 'Texto.', published: true, date: new Date(Date.now() + 86_400_000).toISOString() })
      .select('id')
      .single();
    if (error) throw new Error(`${error.code} ${error.message}`);
    return data.id;
  };
  const state = async (id: string) => {
    const [row] = await b.sql<{ corrections: number; revised_at: Date | null }>(
      `select (select count(*)::int from public.blog_post_corrections c where c.post_id = p.id) as corrections, p.revised_at
         from public.blog_posts p where p.id = $1`,
      [id],
    );
    return row;
  };

  it('she cannot correct a post readers have not seen yet: nothing is added and the post is not dated as revised', async () => {
    const id = await scheduled();
    const direct = await admin.client.from('blog_post_corrections').insert({ post_id: id, note: 'Corrigido antes de sair.' });
    expect(direct.error?.code).toBe('42501');
    expect(await state(id)).toEqual({ corrections: 0, revised_at: null });
  });

  it("a restore adds no correction to a post that is scheduled now, whatever the backup's date", async () => {
    const id = await scheduled();
    const restored = await admin.client.rpc('import_corrections', {
      corrections: [{ post_id: id, note: 'De um backup.', created_at: '2025-01-01T10:00:00Z' }],
    });
    expect(restored.data ?? 0).toBe(0);
    expect(await state(id)).toEqual({ corrections: 0, revised_at: null });
  });
});
