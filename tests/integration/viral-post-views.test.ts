/**
 * A post that goes viral (issue 42), on PGlite and PostgreSQL: readers'
 * view beacons are answered at once and counted in batches. A flood of
 * beacons from many addresses while a reader loads the post and she saves a
 * post: every view answered is in her "Estatísticas", one client's flood is
 * capped exactly (30 a minute, 500 a day), crawlers, bad pages and her own
 * beacons count nothing, and no address or user agent is kept anywhere. And a
 * beacon is answered while the database is held by someone else's statement,
 * then counted once it is free.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { accessToken, targets, useBackend, type Backend, type TestUser } from './harness.ts';

const agentOf = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; leitora ${n}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36`;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request on a new connection from a given loopback address (each address is one reader to the server). */
function send(b: Backend, from: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(`${b.url}${path}`, { method, localAddress: from, agent: false, headers });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }));
    });
    req.on('error', (e) => resolve({ status: 0, body: e.message, ms: performance.now() - started }));
    req.end(body);
  });
}

function beacon(b: Backend, from: string, agent: string, page: string, referrer = 't.co', token?: string): Promise<Answer> {
  return send(b, from, 'POST', '/rest/v1/rpc/record_view', {
    apikey: b.anonKey,
    Authorization: `Bearer ${token ?? b.anonKey}`,
    'Content-Type': 'application/json',
    'User-Agent': agent,
  }, JSON.stringify({ page, referrer }));
}

const readerAddress = (n: number) => `127.43.${Math.floor(n / 250)}.${(n % 250) + 1}`;

describe.each(targets)('a post that goes viral on $name', (target) => {
  const b = useBackend(target, { site: true });
  let admin: TestUser;
  let post: { id: string; slug: string };
  let draft: { id: string };

  beforeAll(async () => {
    admin = await b.createAdmin('editora');
    const made = await admin.client
      .from('blog_posts')
      .insert({ language: 'pt', title: `Viral ${randomUUID().slice(0, 8)}`, content: 'Texto lido por todos.', published: true } as never)
      .select('id, slug')
      .single();
    if (made.error) throw new Error(made.error.message);
    post = made.data as { id: string; slug: string };
    const other = await admin.client.from('blog_posts').insert({ language: 'pt', title: 'Rascunho', content: 'x' } as never).select('id').single();
    draft = other.data as { id: string };
  });

  let slot = 0;
  beforeEach(async () => {
    // Each test on a day of its own: a fresh salt, fresh caps, rows of its own.
    slot += 10;
    await b.sql(`update private.site_clock set skew = interval '1 day' * $1`, [slot]);
  });

  afterAll(async () => {
    await b.sql(`update private.site_clock set skew = interval '0'`);
  });

  async function herViewsToday(): Promise<{ views: number; visitors: number }> {
    const { data, error } = await admin.client.rpc('stats_days', { days: 1 });
    if (error) throw new Error(error.message);
    return { views: Number(data!.at(-1)!.views), visitors: Number(data!.at(-1)!.visitors) };
  }

  it('counts every view answered while a reader loads the post and she saves, caps one client exactly, and keeps no reader', async () => {
    // A page kept before the flood, as a shared post's is.
    expect((await send(b, '127.0.0.1', 'GET', `/pt/${post.slug}`, {})).status).toBe(200);
    // The flooder's 45 beacons in one minute: not across a minute's end.
    if (new Date().getSeconds() > 40) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
    const READERS = 400;
    const token = await accessToken(admin.client);
    const floods = Promise.all([
      ...Array.from({ length: READERS }, (_, n) => beacon(b, readerAddress(n), agentOf(n), n % 4 ? post.id : '/pt', n % 3 ? 't.co' : 'direto')),
      ...Array.from({ length: 45 }, () => beacon(b, '127.44.0.1', agentOf(10_000), post.id)),
      ...Array.from({ length: 5 }, (_, n) => beacon(b, `127.45.0.${n + 1}`, GOOGLEBOT, post.id)),
      ...Array.from({ length: 3 }, (_, n) => beacon(b, `127.46.0.${n + 1}`, agentOf(20_000 + n), post.id, 't.co', token)),
      ...Array.from({ length: 3 }, (_, n) => beacon(b, `127.47.0.${n + 1}`, agentOf(30_000 + n), randomUUID())),
    ]);
    const reading = Promise.all(Array.from({ length: 20 }, (_, n) => send(b, `127.48.0.${n + 1}`, 'GET', `/pt/${post.slug}`, {})));
    const saving = (async () => {
      const saves = [];
      for (let i = 0; i < 5; i++) saves.push(await admin.client.from('blog_posts').update({ content: `Versão ${i}` } as never).eq('id', draft.id));
      return saves;
    })();
    const [answers, pages, saves] = await Promise.all([floods, reading, saving]);

    const readers = answers.slice(0, READERS);
    expect(readers.map((a) => a.status)).toEqual(Array(READERS).fill(204));
    expect(answers.slice(READERS, READERS + 53).map((a) => a.status)).toEqual(Array(53).fill(204));
    expect(answers.slice(READERS + 53).map((a) => [a.status, (JSON.parse(a.body) as { code: string }).code])).toEqual(Array(3).fill([400, '22023']));
    expect(pages.map((p) => p.status)).toEqual(Array(20).fill(200));
    expect(saves.map((s) => s.error)).toEqual(Array(5).fill(null));

    // Every reader's view, the flooder's first 30 (one visitor: one address and user agent), no crawler's, hers, or bad page's.
    expect(await herViewsToday()).toEqual({ views: READERS + 30, visitors: READERS + 1 });
    const rows = await b.sql<{ page: string; referrer: string; views: number }>(
      `select page, referrer, sum(views)::int as views from public.stats_daily where day = public.site_today() group by 1, 2 order by 1, 2`,
    );
    const expected = (page: string, referrer: string) => Array.from({ length: READERS }, (_, n) => n).filter((n) => (n % 4 ? post.id : '/pt') === page && (n % 3 ? 't.co' : 'direto') === referrer).length;
    expect(rows).toEqual(
      [
        { page: '/pt', referrer: 'direto', views: expected('/pt', 'direto') },
        { page: '/pt', referrer: 't.co', views: expected('/pt', 't.co') },
        { page: post.id, referrer: 'direto', views: expected(post.id, 'direto') },
        { page: post.id, referrer: 't.co', views: expected(post.id, 't.co') + 30 },
      ].sort((x, y) => (x.page + x.referrer < y.page + y.referrer ? -1 : 1)),
    );

    // 500 a day, however slowly: the flooder's 500th counts, its 501st does not.
    await b.sql(`update private.stats_rate set day_views = 499, minute = minute - interval '1 minute'`);
    expect((await beacon(b, '127.44.0.1', agentOf(1), post.id)).status).toBe(204);
    expect((await beacon(b, '127.44.0.1', agentOf(2), post.id)).status).toBe(204);
    expect((await herViewsToday()).views).toBe(READERS + 31);

    // No address, user agent or hash of one outside the day's private tables.
    const tables = await b.sql<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_schema in ('public', 'private') and table_type = 'BASE TABLE'`,
    );
    for (const { name } of tables) {
      const found = await b.sql(
        `select 1 from ${name} t where t::text like '%127.43.%' or t::text like '%127.44.%' or t::text like '%leitora %' limit 1`,
      );
      expect(found, name).toEqual([]);
    }
  });

  it('answers a beacon while the database is held by another statement, and counts it once free', async () => {
    // Today's row exists, so the statement below holds it (PostgreSQL) and the one connection (PGlite).
    expect((await beacon(b, '127.49.0.1', agentOf(1), post.id)).status).toBe(204);
    expect((await herViewsToday()).views).toBe(1);
    const held = b.sql(`select pg_sleep(2) from (select 1 from public.stats_site_daily where day = public.site_today() for update) as locked`);
    await new Promise((r) => setTimeout(r, 200));
    const answer = await beacon(b, '127.49.0.2', agentOf(2), '/pt');
    expect(answer.status).toBe(204);
    // Answered while the statement still holds the database (it ends ~2 s after it began).
    expect(answer.ms).toBeLessThan(1000);
    await held;
    expect((await herViewsToday()).views).toBe(2);
  });
});
