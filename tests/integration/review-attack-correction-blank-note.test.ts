/**
 * Found by the security review of issue 26: blog_post_corrections_note_valid
 * checks length(btrim(note)), and btrim() strips spaces only (the hole
 * migration 20261121013000_blank_means_whitespace closed for titles): a note
 * of newlines and tabs passes and the post page shows an empty
 * "Correção (…): " while the post is dated as revised; and the 500-character
 * bound counts the trimmed note, so any amount of surrounding whitespace is
 * stored with it.
 */
import { randomUUID } from 'node:crypto';
import { targets, useBackend, type TestUser } from './harness.ts';

describe.each(targets)("a correction's note, on $name", (target) => {
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

  it('a note of only whitespace is refused, as a blank title is', async () => {
    const id = await published();
    for (const note of ['\n', '\t\n\t', '\r\n \r\n']) {
      const { error } = await admin.client.from('blog_post_corrections').insert({ post_id: id, note });
      expect(error?.code, JSON.stringify(note)).toBe('23514');
    }
    expect(await b.sql('select note from public.blog_post_corrections where post_id = $1', [id])).toEqual([]);
    expect((await b.sql<{ revised_at: Date | null }>('select revised_at from public.blog_posts where id = $1', [id]))[0]!.revised_at).toBeNull();
  });

  it('no note is kept longer than 500 characters, whatever surrounds it', async () => {
    const id = await published();
    await admin.client.from('blog_post_corrections').insert({ post_id: id, note: `${' '.repeat(20_000)}Nota.${' '.repeat(20_000)}` });
    const rows = await b.sql<{ length: number }>('select char_length(note) as length from public.blog_post_corrections where post_id = $1', [id]);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(500);
  });
});
