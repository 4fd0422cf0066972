/**
 * npm run import / npm run export: arguments, exit codes and messages, and
 * the whole commands against a running backend (in memory) through
 * SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY, the path every mode ends up on.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { startServer, type RunningServer } from '../index.ts';
import { CliError } from './create-admin.ts';
import { main as exportMain } from './export.ts';
import { main as importMain, parseImportArgs } from './import.ts';

const WXR = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Blog antigo</title>
  <link>https://antigo.example</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <item>
    <title><![CDATA[Crise &amp; reputação]]></title>
    <link>https://antigo.example/2015/03/crise-e-reputacao/</link>
    <pubDate>Tue, 10 Mar 2015 14:00:00 +0000</pubDate>
    <dc:creator><![CDATA[ana]]></dc:creator>
    <guid isPermaLink="false">https://antigo.example/?p=11</guid>
    <content:encoded><![CDATA[<!-- wp:paragraph --><p>Primeiro parágrafo.</p><!-- /wp:paragraph --><script>alert(1)</script>]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>11</wp:post_id>
    <wp:post_date><![CDATA[2015-03-10 11:00:00]]></wp:post_date>
    <wp:post_date_gmt><![CDATA[2015-03-10 14:00:00]]></wp:post_date_gmt>
    <wp:post_name><![CDATA[crise-e-reputacao]]></wp:post_name>
    <wp:status><![CDATA[publish]]></wp:status>
    <wp:post_type><![CDATA[post]]></wp:post_type>
    <category domain="category" nicename="crises"><![CDATA[Crises]]></category>
  </item>
  <item>
    <title>Sobre</title>
    <wp:post_id>12</wp:post_id>
    <wp:post_date>2015-01-01 10:00:00</wp:post_date>
    <wp:post_date_gmt>2015-01-01 13:00:00</wp:post_date_gmt>
    <wp:post_name>sobre</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>page</wp:post_type>
    <content:encoded><![CDATA[<p>Uma página.</p>]]></content:encoded>
  </item>
</channel>
</rss>
`;

describe('parseImportArgs', () => {
  it('reads the file, the language, category mappings and flags', () => {
    expect(parseImportArgs(['a.xml', '--language', 'en', '--category', 'Crises=Crisis Communication', '--category=Vida=4', '--dry-run'])).toEqual({
      file: 'a.xml',
      language: 'en',
      categoryMap: { Crises: 1, Vida: 3 },
      downloadImages: false,
      replace: false,
      removeDemo: false,
      dryRun: true,
    });
    expect(parseImportArgs(['b.zip'])).toMatchObject({ file: 'b.zip', language: 'pt', dryRun: false });
  });

  it.each([
    [[], /Which file/],
    [['a.xml', 'b.xml'], /One file at a time/],
    [['a.xml', '--language', 'fr'], /--language is pt or en/],
    [['a.xml', '--category', 'Crises=Política'], /--category needs/],
    [['a.xml', '--force'], /Unknown argument --force/],
  ])('%j → usage error (exit 2)', (argv, message) => {
    try {
      parseImportArgs(argv as string[]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CliError);
      expect((e as CliError).exitCode).toBe(2);
      expect((e as CliError).message).toMatch(message);
    }
  });
});

describe('import and export against a running backend', () => {
  let server: RunningServer;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  let out: string[];
  let err: string[];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  const posts = async () => (await server.db.query<{ n: number }>(`select count(*)::int as n from public.blog_posts where origin_source = 'wordpress'`)).rows[0]!.n;

  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', inMemory: true, seedFile: false });
    env = { SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey };
    dir = mkdtempSync(path.join(tmpdir(), 'import-cli-'));
    writeFileSync(path.join(dir, 'blog.xml'), WXR);
  });
  beforeEach(() => {
    out = [];
    err = [];
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    log.mockRestore();
    error.mockRestore();
  });

  it('--dry-run prints the summary and writes nothing', async () => {
    expect(await importMain([path.join(dir, 'blog.xml'), '--dry-run'], env)).toBe(0);
    expect(out.join('\n')).toMatch(/Posts: 1 \(1 published, 0 scheduled, 0 drafts\), from 2015-03-10 to 2015-03-10/);
    expect(out.join('\n')).toMatch(/category "Crises": 1 post/);
    expect(out.join('\n')).toMatch(/skipped: Sobre/);
    expect(out.join('\n')).toContain('Dry run: nothing written.');
    expect(await posts()).toBe(0);
  });

  it('imports, and a second run changes nothing', async () => {
    const file = path.join(dir, 'blog.xml');
    expect(await importMain([file, '--category', 'Crises=Comunicação de Crise'], env)).toBe(0);
    expect(out.join('\n')).toMatch(/Done: 1 created, 0 updated, 0 unchanged/);
    expect(out.join('\n')).toContain('created: /pt/crise-e-reputacao — Crise & reputação');
    const row = (await server.db.query<{ title: string; category: string; content: string; date: Date }>(
      `select title, category, content, date from public.blog_posts where origin_source = 'wordpress'`,
    )).rows[0]!;
    expect(row).toMatchObject({ title: 'Crise & reputação', category: 'Comunicação de Crise' });
    expect(row.content).toContain('Primeiro parágrafo.');
    expect(row.content).not.toMatch(/script|alert|wp:paragraph/);
    expect(row.date.toISOString()).toBe('2015-03-10T14:00:00.000Z');

    out = [];
    expect(await importMain([file, '--category', 'Crises=Comunicação de Crise'], env)).toBe(0);
    expect(out.join('\n')).toMatch(/Done: 0 created, 0 updated, 1 unchanged/);
    expect(await posts()).toBe(1);
  });

  it.each([
    ['not an archive', 'notes.txt', strToU8('just some notes'), /not .*(WordPress|export)/i],
    ['malformed XML', 'broken.xml', strToU8('<?xml version="1.0"?><rss><channel><item><title>x</title></channel>'), /XML/],
    ['a zip that climbs out', 'evil.zip', zipSync({ '../../etc/evil.txt': strToU8('x') }), /\.\.\/\.\.\/etc\/evil\.txt/],
  ])('%s: exit 1, the reason on stderr, nothing written', async (_what, name, bytes, message) => {
    const before = await server.db.query<{ n: number }>('select count(*)::int as n from public.blog_posts');
    writeFileSync(path.join(dir, name), bytes);
    expect(await importMain([path.join(dir, name)], env)).toBe(1);
    expect(err.join('\n')).toMatch(message);
    expect((await server.db.query<{ n: number }>('select count(*)::int as n from public.blog_posts')).rows).toEqual(before.rows);
  });

  it('a missing file is bad usage (exit 2)', async () => {
    expect(await importMain([path.join(dir, 'nowhere.xml')], env)).toBe(2);
    expect(err.join('\n')).toMatch(/no such file/);
  });

  it('export writes an owner-only zip, and no partial file when it fails', async () => {
    const file = path.join(dir, 'backup.zip');
    expect(await exportMain([file], env)).toBe(0);
    expect(out.join('\n')).toMatch(/Wrote .*backup\.zip .*: 1 posts, \d+ settings, 0 stored files/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    expect(existsSync(`${file}.partial`)).toBe(false);

    const unreachable = { SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_SERVICE_ROLE_KEY: 'x' };
    expect(await exportMain([path.join(dir, 'lost.zip')], unreachable)).toBe(1);
    expect(existsSync(path.join(dir, 'lost.zip'))).toBe(false);
    expect(existsSync(path.join(dir, 'lost.zip.partial'))).toBe(false);
    expect(await exportMain([], env)).toBe(2);
  });

  it('the backup restored with --replace on a fresh install (demo posts and all) leaves exactly its posts; --replace with an export is bad usage', async () => {
    const file = path.join(dir, 'backup.zip');
    expect(await importMain([path.join(dir, 'blog.xml'), '--replace'], env)).toBe(2);
    expect(err.join('\n')).toMatch(/--replace restores a backup/);

    const other = await startServer({ port: 0, host: '127.0.0.1', inMemory: true });
    try {
      const demo = (await other.db.query<{ n: number }>('select count(*)::int as n from public.blog_posts')).rows[0]!.n;
      expect(demo).toBeGreaterThan(0);
      out = [];
      expect(await importMain([file, '--replace'], { SUPABASE_URL: other.url, SUPABASE_SERVICE_ROLE_KEY: other.serviceRoleKey })).toBe(0);
      expect(out.join('\n')).toContain(`Deleted (not in the backup): ${demo} post(s).`);
      const titles = (await other.db.query<{ title: string }>('select title from public.blog_posts')).rows.map((r) => r.title);
      expect(titles).toEqual(['Crise & reputação']);
    } finally {
      await other.close();
    }
  });

  it('the backup restored twice on a fresh install with --remove-demo: the examples go, corrections and earlier versions come back, and the second run exits 0 with everything unchanged', async () => {
    // her post with a public correction and an earlier version, in a backup the command line writes and restores with the service key.
    await server.db.exec(`update public.blog_posts set excerpt = 'Resumo revisto.' where origin_source = 'wordpress';
      insert into public.blog_post_corrections (post_id, note) select id, 'Data corrigida.' from public.blog_posts where origin_source = 'wordpress';`);
    const file = path.join(dir, 'backup-with-history.zip');
    expect(await exportMain([file], env)).toBe(0);
    const other = await startServer({ port: 0, host: '127.0.0.1', inMemory: true });
    try {
      const env = { SUPABASE_URL: other.url, SUPABASE_SERVICE_ROLE_KEY: other.serviceRoleKey };
      out = [];
      expect(await importMain([file, '--remove-demo'], env)).toBe(0);
      expect(out.join('\n')).toMatch(/Example posts removed: 14\./);
      out = [];
      err = [];
      expect(await importMain([file, '--remove-demo'], env)).toBe(0);
      expect(err.join('\n')).toBe(err.filter((line) => line.startsWith('…')).join('\n'));
      expect(out.join('\n')).toContain('Done: 0 created, 0 updated, 1 unchanged');
      expect(out.join('\n')).not.toMatch(/Example posts removed/);
      const titles = (await other.db.query<{ title: string }>('select title from public.blog_posts')).rows.map((r) => r.title);
      expect(titles).toEqual(['Crise & reputação']);
      const history = async (db: RunningServer['db']) => ({
        corrections: (await db.query('select post_id, note, created_at from public.blog_post_corrections')).rows,
        revisions: (await db.query('select post_id, saved_at, replaced_at, excerpt from public.blog_post_revisions')).rows,
      });
      const restored = await history(other.db);
      expect(restored.corrections).toHaveLength(1);
      expect(restored.revisions).toHaveLength(1);
      expect(restored).toEqual(await history(server.db));
    } finally {
      await other.close();
    }
  });
});
