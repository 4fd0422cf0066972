/**
 * /pt/publicacoes and /en/published-work are the clips pages' (issue 43): the
 * migration that reserves them moves a post that had one of those slugs to
 * the first free one, and keeps the old slug leading to it.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';

const MIGRATIONS = path.join(import.meta.dirname, '..', '..', 'supabase', 'migrations');
const RESERVING = '20261128140000';

it('a post at a reserved address moves to a free slug, its old one kept; new posts cannot take it', async () => {
  const before = mkdtempSync(path.join(tmpdir(), 'clips-slugs-'));
  for (const f of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < RESERVING)) cpSync(path.join(MIGRATIONS, f), path.join(before, f));
  const db = await openPglite(undefined);
  try {
    await migrate(db, { migrationsDir: before, seedFile: undefined });
    await db.query(`insert into public.blog_posts (title, language, category, published, slug) values
      ('Minhas publicações', 'pt', 'Outros', true, 'publicacoes'),
      ('Published work', 'en', 'Others', true, 'published-work'),
      ('Rascunho', 'pt', 'Outros', false, 'published-work')`);
    await migrate(db, { migrationsDir: MIGRATIONS, seedFile: undefined });
    const posts = await db.query<{ title: string; slug: string }>('select title, slug from public.blog_posts order by title');
    expect(posts.rows).toEqual([
      { title: 'Minhas publicações', slug: 'publicacoes-2' },
      { title: 'Published work', slug: 'published-work-2' },
      { title: 'Rascunho', slug: 'published-work-2' },
    ]);
    const old = await db.query<{ slug: string; title: string }>(
      `select s.language || '/' || s.slug as slug, p.title from public.blog_post_slugs s join public.blog_posts p on p.id = s.post_id
        where s.slug in ('publicacoes', 'published-work') order by 1`);
    // the draft's slug was never public: forgotten, as a draft's passing slugs are.
    expect(old.rows).toEqual([{ slug: 'en/published-work', title: 'Published work' }, { slug: 'pt/publicacoes', title: 'Minhas publicações' }]);
    const taken = await db.query(`insert into public.blog_posts (title, language, category, slug) values ('x', 'pt', 'Outros', 'publicacoes')`).catch((e: { code?: string }) => e.code);
    expect(taken).toBe('23505');
    const made = await db.query<{ slug: string }>(`insert into public.blog_posts (title, language, category) values ('Publicações', 'pt', 'Outros') returning slug`);
    expect(made.rows[0]!.slug).toBe('publicacoes-3');
  } finally {
    await db.close();
    rmSync(before, { recursive: true, force: true });
  }
}, 120_000);
