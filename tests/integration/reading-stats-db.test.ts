/**
 * The database's half of issue 27, on PGlite and PostgreSQL: a reader's
 * beacon (public.record_view) adds to daily aggregates only; a visitor is
 * one per page per day by a hash made with a salt that dies with its day;
 * no address or user agent is kept anywhere; the admin, crawlers, prefetches
 * and malformed calls add nothing, one client's flood is capped, and only
 * she reads the numbers.
 */
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/types/database.types.ts';
import { accessToken, targets, useBackend, type Client, type TestUser } from './harness.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(targets)('reading statistics in the database on $name', (target) => {
  const b = useBackend(target);
  let admin: TestUser;
  let reader: TestUser;
  let post: { id: string };

  beforeAll(async () => {
    admin = await b.createAdmin('editora');
    reader = await b.createUser('leitor');
    post = await publish('pt');
  });

  let slot = 0;
  beforeEach(async () => {
    // Each test on days of its own (ten apart, for the tests that move on a day): a fresh salt, fresh caps, rows of its own.
    slot += 10;
    await b.sql(`update private.site_clock set skew = interval '1 day' * $1`, [slot]);
  });

  afterAll(async () => {
    await b.sql(`update private.site_clock set skew = interval '0'`);
  });

  async function publish(language: 'pt' | 'en', row: Record<string, unknown> = {}): Promise<{ id: string }> {
    const { data, error } = await admin.client
      .from('blog_posts')
      .insert({ language, title: `Lido ${randomUUID().slice(0, 8)}`, content: 'Texto.', published: true, ...row } as never)
      .select('id')
      .single();
    if (error) throw new Error(`${error.code} ${error.message}`);
    return data as { id: string };
  }

  /** A reader's browser through the real HTTP API: its own user agent (the address is the socket's, 127.0.0.1). */
  const browser = (agent: string, extra: Record<string, string> = {}): Client =>
    createClient<Database>(b.url, b.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { 'User-Agent': agent, ...extra } },
    });

  /** One beacon as the gateway passes it on (address and user agent in request.headers), for clients HTTP cannot vary. */
  async function viewFrom(client: string, agent: string, page: string, referrer = 'direto'): Promise<void> {
    await b.sql(
      `with request as materialized (select set_config('request.headers', $1, true) as headers)
       select public.record_view($2, $3) from request`,
      [JSON.stringify({ 'x-forwarded-for': client, 'user-agent': agent }), page, referrer],
    );
  }

  const today = async () => (await b.sql<{ d: string }>(`select public.site_today()::text as d`))[0]!.d;

  const rowsOf = (page: string) =>
    b.sql<{ referrer: string; language: string; device: string; views: number; visitors: number }>(
      `select referrer, language, device, views, visitors from public.stats_daily where page = $1 and day = public.site_today() order by referrer, device`,
      [page],
    );

  it('counts views and once-a-day visitors of a post, by referrer, language and device, for her to read', async () => {
    const desktop = browser(DESKTOP);
    expect((await desktop.rpc('record_view', { page: post.id, referrer: 'WWW.Google.com' })).error).toBeNull();
    expect((await desktop.rpc('record_view', { page: post.id, referrer: 'direto' })).error).toBeNull();
    expect((await browser(PHONE).rpc('record_view', { page: post.id })).error).toBeNull();
    expect((await browser(PHONE).rpc('record_view', { page: '/en', referrer: 'newsletter' })).error).toBeNull();

    expect(await rowsOf(post.id)).toEqual([
      { referrer: 'direto', language: 'pt', device: 'desktop', views: 1, visitors: 0 },
      { referrer: 'direto', language: 'pt', device: 'mobile', views: 1, visitors: 1 },
      { referrer: 'google.com', language: 'pt', device: 'desktop', views: 1, visitors: 1 },
    ]);

    const days = await admin.client.rpc('stats_days', { days: 7 });
    expect(days.error).toBeNull();
    expect(days.data).toHaveLength(7);
    expect(days.data!.at(-1)).toEqual({ day: await today(), views: 4, visitors: 2 });
    expect(days.data!.slice(0, 6).every((d) => Number(d.views) === 0)).toBe(true);

    const pages = await admin.client.rpc('stats_pages', { days: 7, max: 10 });
    expect(pages.data!.map((p) => [p.page, p.post_id, p.language, Number(p.views), Number(p.visitors)])).toEqual([
      [post.id, post.id, 'pt', 3, 2],
      ['/en', null, 'en', 1, 1],
    ]);

    const sources = await admin.client.rpc('stats_sources', { days: 7, post: post.id });
    expect(sources.data!.map((s) => [s.kind, s.value, Number(s.views)])).toEqual([
      ['device', 'desktop', 2],
      ['device', 'mobile', 1],
      ['language', 'pt', 3],
      ['referrer', 'direto', 2],
      ['referrer', 'google.com', 1],
    ]);

    // The site's sources, from its daily sums: the post's three views and the English home page's one.
    const site = await admin.client.rpc('stats_sources', { days: 7 });
    expect(site.data!.map((s) => [s.kind, s.value, Number(s.views), Number(s.visitors)])).toEqual([
      ['device', 'desktop', 2, 1],
      ['device', 'mobile', 2, 2],
      ['language', 'pt', 3, 2],
      ['language', 'en', 1, 1],
      ['referrer', 'direto', 2, 1],
      ['referrer', 'google.com', 1, 1],
      ['referrer', 'newsletter', 1, 1],
    ]);

    const own = await admin.client.rpc('stats_post_days', { post: post.id });
    expect(own.data!.at(-1)).toEqual({ day: await today(), views: 3, visitors: 2 });
  });

  it('counts a reader again on another day: nothing links her days', async () => {
    await viewFrom('198.51.100.7', DESKTOP, post.id);
    await viewFrom('198.51.100.7', DESKTOP, post.id);
    await b.sql(`update private.site_clock set skew = skew + interval '1 day'`);
    await viewFrom('198.51.100.7', DESKTOP, post.id);
    const rows = await b.sql<{ views: number; visitors: number }>(
      `select views, visitors from public.stats_daily where page = $1 and day >= public.site_today() - 1 order by day`,
      [post.id],
    );
    expect(rows).toEqual([
      { views: 2, visitors: 1 },
      { views: 1, visitors: 1 },
    ]);
  });

  it('keeps no address, user agent or salt of a past day anywhere', async () => {
    const address = '203.0.113.77';
    const agent = `${DESKTOP} Marcador/${randomUUID()}`;
    await viewFrom(address, agent, post.id, 't.co');
    await viewFrom(address, agent, '/pt');
    const [before] = await b.sql<{ salt: string }>(`select encode(salt, 'hex') as salt from private.stats_salts where day = public.site_today()`);
    expect(before?.salt).toMatch(/^[0-9a-f]{64}$/);

    // The next day's first view destroys yesterday's salt and hashes.
    await b.sql(`update private.site_clock set skew = skew + interval '1 day'`);
    await viewFrom('192.0.2.1', PHONE, '/pt');
    expect(await b.sql(`select day::text from private.stats_salts`)).toEqual([{ day: await today() }]);
    expect(await b.sql(`select 1 from private.stats_seen where day <> public.site_today()`)).toEqual([]);

    // Every row of every table of the site's schemas, as text: no address, no user agent, no old salt.
    const tables = await b.sql<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_schema in ('public', 'private') and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['public.stats_daily', 'private.stats_seen', 'private.stats_salts']));
    for (const { name } of tables) {
      const found = await b.sql(
        `select 1 from ${name} t where t::text like '%' || $1 || '%' or t::text like '%' || $2 || '%' or t::text like '%' || $3 || '%' limit 1`,
        [address, agent.slice(-36), before!.salt],
      );
      expect(found, name).toEqual([]);
    }
  });

  it('lets no API role read the salt or the hashes', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const table of ['private.stats_salts', 'private.stats_seen', 'private.stats_rate']) {
        const [row] = await b.sql<{ ok: boolean }>(`select has_table_privilege($1, $2, 'select') as ok`, [role, table]);
        expect(row!.ok, `${role} ${table}`).toBe(false);
      }
    }
  });

  it('caps what one client adds in a minute, whatever user agents and pages it claims', async () => {
    const flood = '198.51.100.99';
    for (let i = 0; i < 60; i++) await viewFrom(flood, `${DESKTOP} n${i}`, i % 2 ? '/pt' : post.id);
    await viewFrom('198.51.100.100', DESKTOP, '/pt');
    const [site] = await b.sql<{ views: number }>(`select views from public.stats_site_daily where day = public.site_today()`);
    expect(site!.views).toBe(31);
    // The next minute the client may count again.
    await b.sql(`update private.stats_rate set minute = minute - interval '1 minute'`);
    await viewFrom(flood, DESKTOP, '/pt');
    const [after] = await b.sql<{ views: number }>(`select views from public.stats_site_daily where day = public.site_today()`);
    expect(after!.views).toBe(32);
    // And 500 in a day, however slowly: the 500th counts, the 501st does not.
    await b.sql(`update private.stats_rate set day_views = 499, minute = minute - interval '1 minute'`);
    await viewFrom(flood, DESKTOP, '/pt');
    await viewFrom(flood, DESKTOP, '/pt');
    const [day] = await b.sql<{ views: number }>(`select views from public.stats_site_daily where day = public.site_today()`);
    expect(day!.views).toBe(33);
  });

  it('does not count her own visits, crawlers, empty user agents or prefetches', async () => {
    expect((await admin.client.rpc('record_view', { page: post.id })).error).toBeNull();
    expect((await browser(GOOGLEBOT).rpc('record_view', { page: post.id })).error).toBeNull();
    expect((await browser('').rpc('record_view', { page: post.id })).error).toBeNull();
    expect((await browser(DESKTOP, { 'Sec-Purpose': 'prefetch' }).rpc('record_view', { page: post.id })).error).toBeNull();
    await viewFrom('192.0.2.50', 'Mozilla/5.0 (Linux; Android 14) HeadlessChrome/131.0 Safari/537.36', '/pt');
    expect(await b.sql(`select 1 from public.stats_daily where day = public.site_today()`)).toEqual([]);
    // A signed-in reader who is not the admin is a reader.
    const signedIn = browser(DESKTOP, { Authorization: `Bearer ${await accessToken(reader.client)}` });
    expect((await signedIn.rpc('record_view', { page: post.id })).error).toBeNull();
    expect(await rowsOf(post.id)).toHaveLength(1);
  });

  it('refuses what is not a home page or a public post, and referrers that are not hosts, adding nothing', async () => {
    const draft = await publish('pt', { published: false });
    const scheduled = await publish('en', { date: new Date(Date.now() + 3650 * 86_400_000).toISOString() });
    const visitor = browser(DESKTOP);
    const refused: [string, string | undefined][] = [
      ['/', undefined],
      ['/pt/algum-post', undefined],
      [draft.id, undefined],
      [scheduled.id, undefined],
      [randomUUID(), undefined],
      ['x'.repeat(5000), undefined],
      [post.id, 'javascript:alert(1)'],
      [post.id, 'https://t.co/x'],
      [post.id, 'exemplo .com'],
      [post.id, `${'a'.repeat(250)}.com`],
      [post.id, '<b>'],
    ];
    for (const [page, referrer] of refused) {
      const r = await visitor.rpc('record_view', referrer === undefined ? { page } : { page, referrer });
      expect(r.error?.code, `${page.slice(0, 40)} ${referrer}`).toBe('22023');
    }
    expect(await b.sql(`select 1 from public.stats_daily where day = public.site_today()`)).toEqual([]);
    expect(await b.sql(`select 1 from public.stats_site_daily where day = public.site_today()`)).toEqual([]);
  });

  it('lets only her read the numbers', async () => {
    await viewFrom('192.0.2.60', DESKTOP, post.id, 'linkedin.com');
    const visitor = b.anon();
    expect((await visitor.from('stats_daily').select('*')).error?.code).toBe('42501');
    expect((await visitor.from('stats_site_daily').select('*')).error?.code).toBe('42501');
    expect((await visitor.from('stats_sources_daily').select('*')).error?.code).toBe('42501');
    for (const fn of ['stats_days', 'stats_pages', 'stats_sources'] as const) {
      expect((await visitor.rpc(fn, {})).error?.code, fn).toBe('42501');
    }
    expect((await reader.client.from('stats_daily').select('*')).data).toEqual([]);
    expect((await reader.client.from('stats_site_daily').select('*')).data).toEqual([]);
    expect((await reader.client.from('stats_sources_daily').select('*')).data).toEqual([]);
    expect((await reader.client.rpc('stats_pages', { days: 7 })).data).toEqual([]);
    expect((await reader.client.rpc('stats_sources', { days: 7 })).data).toEqual([]);
    const days = (await reader.client.rpc('stats_days', { days: 7 })).data!;
    expect(days.every((d) => Number(d.views) === 0 && Number(d.visitors) === 0)).toBe(true);
    expect((await reader.client.rpc('stats_post_days', { post: post.id })).data!.every((d) => Number(d.views) === 0)).toBe(true);
    // No API role may write a number.
    for (const client of [visitor, reader.client, admin.client]) {
      const r = await client.from('stats_daily').insert({ day: await today(), page: '/pt', referrer: 'direto', language: 'pt', device: 'mobile', views: 1000 } as never);
      expect(r.error).not.toBeNull();
    }
    const mine = await admin.client.from('stats_daily').select('referrer, views').eq('day', await today());
    expect(mine.data).toEqual([{ referrer: 'linkedin.com', views: 1 }]);
  });

  it('shares one salt between first views of a day made at once', async () => {
    const visitor = browser(PHONE);
    const answers = await Promise.all(Array.from({ length: 8 }, () => visitor.rpc('record_view', { page: '/pt' })));
    expect(answers.map((a) => a.error)).toEqual(Array(8).fill(null));
    expect(await b.sql(`select day::text from private.stats_salts`)).toEqual([{ day: await today() }]);
    expect(await b.sql(`select views, visitors from public.stats_site_daily where day = public.site_today()`)).toEqual([
      { views: 8, visitors: 1 },
    ]);
  });

  it('draws a post from its publication day, with a deleted post kept in the totals without its title', async () => {
    const older = await publish('en', { date: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    await viewFrom('192.0.2.70', DESKTOP, older.id);
    const own = (await admin.client.rpc('stats_post_days', { post: older.id })).data!;
    // Published two real days ago, read today on the moved clock: every day between is there.
    expect(own.at(-1)).toEqual({ day: await today(), views: 1, visitors: 1 });
    expect(own.slice(0, -1).every((d) => Number(d.views) === 0)).toBe(true);
    expect(own.length).toBeGreaterThan(2);
    expect((await admin.client.from('blog_posts').delete().eq('id', older.id)).error).toBeNull();
    const pages = (await admin.client.rpc('stats_pages', { days: 1 })).data!;
    expect(pages).toEqual([{ page: older.id, post_id: null, title: null, language: null, slug: null, views: 1, visitors: 1 }]);
  });
});
