/**
 * Scheduled posts go out on time by themselves (issue 23), on the local
 * backend left running, on PGlite and PostgreSQL: a post she schedules is
 * absent from every public surface (the homes, its page, the feeds, the
 * sitemap, an anonymous REST read, an anonymous Realtime channel) until its
 * time, and then on all of them with no request from her: the kept pages
 * are made again and Realtime tells open pages, once (the publication clock,
 * server/publication/clock.ts). The site's clock is moved
 * (private.site_clock), never slept for; where no write may happen at the
 * time, it is set a few seconds before it and the seconds pass.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { distDir } from '../../scripts/build.ts';
import { PROJECT_ROOT } from '../../server/config.ts';
import { onServer } from '../../server/db/on-server.ts';
import { openDatabase } from '../../server/db/open.ts';
import { startServer } from '../../server/index.ts';
import { RECHECK_MS } from '../../server/publication/clock.ts';
import { copyPgliteTemplate, createDatabaseFromTemplate } from '../../server/db/testing/templates.ts';
import { HOSTED_MIGRATION_ROLE, newClient, SUPABASE_SCHEMA, targets, useBackend, type Client, type Target, type TestUser } from './harness.ts';

type Language = 'pt' | 'en';
interface Post {
  id: string;
  slug: string;
  title: string;
  language: Language;
}
type Event = RealtimePostgresChangesPayload<{ id: string }>;

/** Longer than the clock's longest wait between two looks: a post due must be out by then. */
const OUT_WITHIN_MS = RECHECK_MS + 15_000;
const TEST_MS = OUT_WITHIN_MS + 60_000;

/** Polls until `check` holds; how long that took. */
async function until(check: () => Promise<boolean> | boolean, what: () => string, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms / 1000} s: ${what()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return Date.now() - started;
}

/** Enough time for an event that should not come to have come. */
const settle = () => new Promise((r) => setTimeout(r, 1500));

/** An anonymous page's live channel, as use-live-reading opens it: every change of blog_posts. */
async function listen(client: Client): Promise<Event[]> {
  const events: Event[] = [];
  const channel = client
    .channel(`scheduled-${randomUUID().slice(0, 6)}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'blog_posts' }, (p) => events.push(p as Event));
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
  return events;
}

const about = (events: Event[], post: Post) =>
  events.filter((e) => (e.new as { id?: string } | undefined)?.id === post.id || (e.old as { id?: string } | undefined)?.id === post.id);

describe.each(targets)('scheduled posts on $name', (target) => {
  const b = useBackend(target, { site: true });
  let admin: TestUser;
  const clients: Client[] = [];
  const anon = () => {
    const c = b.anon();
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    admin = await b.createAdmin('editora');
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.removeAllChannels();
    await b.sql(`update private.site_clock set skew = interval '0'`);
    // Hidden again by the clock going back: no later test should hear of them.
    await b.sql(`delete from public.blog_posts where title like 'Agendado %' or title like 'Scheduled %'`);
  });

  const siteNow = async () => Date.parse((await b.anon().rpc('site_now')).data as string);

  /** She schedules a post two minutes ahead of the site's clock, in the dialog's words: published, with a date ahead. */
  const schedule = async (language: Language, at: Date): Promise<Post> => {
    const title = `${language === 'pt' ? 'Agendado' : 'Scheduled'} ${randomUUID().slice(0, 8)}`;
    const { data, error } = await admin.client
      .from('blog_posts')
      .insert({ title, language, category: language === 'pt' ? 'Outros' : 'Others', published: true, date: at.toISOString(), excerpt: 'Sai sozinho.', content: 'Texto agendado.' } as never)
      .select('id, slug, title, language')
      .single();
    if (error) throw new Error(`${error.code} ${error.message}`);
    return data as Post;
  };

  const text = async (pathname: string) => {
    const res = await fetch(`${b.url}${pathname}`);
    return { status: res.status, body: await res.text() };
  };

  /** Where a reader meets the post, each true once it is there. */
  const surfaces = async (post: Post) => {
    const [home, page, feed, sitemap, rest] = await Promise.all([
      text(`/${post.language}`),
      text(`/${post.language}/${post.slug}`),
      text(`/${post.language}/rss.xml`),
      text('/sitemap.xml'),
      b.anon().from('blog_posts').select('id').eq('id', post.id),
    ]);
    for (const r of [home, feed, sitemap]) expect(r.status).toBe(200);
    expect([200, 404]).toContain(page.status);
    return {
      home: home.body.includes(post.title),
      page: page.status === 200 && page.body.includes(post.title),
      feed: feed.body.includes(post.title),
      sitemap: sitemap.body.includes(`/${post.language}/${post.slug}<`),
      rest: rest.data?.length === 1,
    };
  };
  const nowhere = { home: false, page: false, feed: false, sitemap: false, rest: false };

  /** Waits until every surface shows every post and the channel heard of each; prints how long that took. */
  const outEverywhere = async (posts: Post[], events: Event[], label: string) => {
    let last: unknown;
    const took = await until(
      async () => {
        last = await Promise.all(posts.map(surfaces));
        return (last as (typeof nowhere)[]).every((s) => Object.values(s).every(Boolean)) && posts.every((p) => about(events, p).length > 0);
      },
      () => `every surface and the live channel: ${JSON.stringify(last)}, events ${JSON.stringify(posts.map((p) => about(events, p).length))}`,
      OUT_WITHIN_MS,
    );
    console.info(`[scheduled posts, ${target.name}] ${label}: out everywhere ${(took / 1000).toFixed(1)} s later`);
  };

  it(
    'a post scheduled two minutes ahead is on no public surface; once the clock passes its time it is on all of them, with no request from her, and Realtime tells once',
    async () => {
      const events = await listen(anon());
      const at = new Date((await siteNow()) + 2 * 60_000);
      const posts = [await schedule('pt', at), await schedule('en', at)];
      for (const post of posts) expect(await surfaces(post)).toEqual(nowhere);
      // Realtime judges a change when it delivers it (within 150 ms): the clock moves minutes after
      // the schedule, as in her day. Moved sooner, a poll could judge the INSERTs after it and tell them.
      await settle();

      await b.sql(`update private.site_clock set skew = interval '3 minutes'`);
      await outEverywhere(posts, events, 'the clock moved 3 minutes');
      await settle();
      for (const post of posts) {
        expect(about(events, post).map((e) => e.eventType)).toEqual(['UPDATE']);
        expect(about(events, post)[0]!.new).toMatchObject({ id: post.id, title: post.title, published: true, date: expect.any(String) });
        expect(Date.parse((about(events, post)[0]!.new as { date: string }).date)).toBe(at.getTime());
      }
    },
    TEST_MS,
  );

  it(
    'pages, feeds and the sitemap kept seconds before the time are not served after it, though nothing is written at the time',
    async () => {
      const events = await listen(anon());
      const at = new Date((await siteNow()) + 2 * 60_000);
      const post = await schedule('pt', at);
      // The clock 15 s short of its time; from here on the seconds pass and nothing is written.
      await b.sql(`update private.site_clock set skew = ($1::timestamptz - now()) - interval '15 seconds'`, [at.toISOString()]);
      // Kept now: rendered, under the current content version, before the time.
      expect(await surfaces(post)).toEqual(nowhere);
      expect(await siteNow()).toBeLessThan(at.getTime());
      await outEverywhere([post], events, 'the time came with no write (15 s after the pages were kept)');
      console.info(`[scheduled posts, ${target.name}] …that is ${(((await siteNow()) - at.getTime()) / 1000).toFixed(1)} s after its time at most`);
      await settle();
      expect(about(events, post)).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    'a schedule cancelled before its time announces nothing: of two posts due together, only the one still scheduled goes out',
    async () => {
      const events = await listen(anon());
      const at = new Date((await siteNow()) + 2 * 60_000);
      const kept = await schedule('pt', at);
      const cancelled = await schedule('pt', at);
      // "Desagendar": back to a draft.
      expect((await admin.client.from('blog_posts').update({ published: false }).eq('id', cancelled.id)).error).toBeNull();
      // Realtime judges a change when it delivers it (within 150 ms): minutes before its time, as she would cancel it.
      await settle();
      await b.sql(`update private.site_clock set skew = interval '3 minutes'`);
      await outEverywhere([kept], events, 'one of two cancelled');
      await settle();
      expect(await surfaces(cancelled)).toEqual(nowhere);
      expect(about(events, cancelled)).toEqual([]);
      expect(about(events, kept)).toHaveLength(1);
    },
    TEST_MS,
  );
});

describe.each(targets)('a scheduled time passing while the server is down, on $name', (target: Target) => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'scheduled-restart-'));
    if (target.name === 'PostgreSQL') {
      ({ url: databaseUrl, drop } = await createDatabaseFromTemplate(target.serverUrl!, { ...SUPABASE_SCHEMA, migrationRole: HOSTED_MIGRATION_ROLE }));
    } else await copyPgliteTemplate(dataDir, SUPABASE_SCHEMA);
  });
  afterAll(async () => {
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = () =>
    startServer({ port: 0, dataDir, databaseUrl, spaDir: distDir, migrationRole: databaseUrl ? HOSTED_MIGRATION_ROLE : undefined });

  /** SQL as the database's owner while no server runs. */
  async function offline(sql: string): Promise<void> {
    if (databaseUrl) return onServer(databaseUrl, sql);
    const { db } = await openDatabase({ dataDir, migrationsDir: path.join(PROJECT_ROOT, 'supabase', 'migrations') });
    await db.query(sql).finally(() => db.close());
  }

  it(
    'is announced by the next server, once: not lost with the one that stopped, not repeated by the one after',
    async () => {
      let server = await start();
      let post: Post;
      try {
        const service = newClient(server.url, server.serviceRoleKey);
        const now = Date.parse((await service.rpc('site_now')).data as string);
        const { data, error } = await service
          .from('blog_posts')
          .insert({ title: `Agendado ${randomUUID().slice(0, 8)}`, language: 'pt', category: 'Outros', published: true, date: new Date(now + 2 * 60_000).toISOString() } as never)
          .select('id, slug, title, language')
          .single();
        if (error) throw new Error(error.message);
        post = data as Post;
        expect((await (await fetch(`${server.url}/pt`)).text()).includes(post.title)).toBe(false);
      } finally {
        await server.close();
      }
      // Its time passes while nothing runs.
      await offline(`update private.site_clock set skew = interval '3 minutes'`);

      /** What Realtime's change log holds for its readers: the clock's UPDATEs of this post (its two versions one). */
      const announcements = async () =>
        (
          await server.db.query<{ n: number }>(
            `select count(*)::int as n from local_backend.realtime_changes
              where change->>'type' = 'UPDATE' and change->'record'->>'id' = $1 and change->'record' = change->'old_record'`,
            [post.id],
          )
        ).rows[0]!.n;

      server = await start();
      try {
        const took = await until(async () => (await announcements()) > 0, () => 'the announcement', OUT_WITHIN_MS);
        console.info(`[scheduled posts, ${target.name}] announced ${(took / 1000).toFixed(1)} s after the restart`);
        expect((await (await fetch(`${server.url}/pt`)).text()).includes(post.title)).toBe(true);
      } finally {
        await server.close();
      }
      server = await start();
      try {
        // Its first look (at its start) done, and another.
        await server.publicationClock.check();
        await server.publicationClock.check();
        expect(await announcements()).toBe(1);
      } finally {
        await server.close();
      }
    },
    TEST_MS * 2,
  );
});
