/**
 * The RLS matrix (DESIGN.md "Roles", issue 2): visitor (anon), signed-in
 * non-admin and admin × blog_posts, site_settings, user_roles × select,
 * insert, update, delete — each cell asserted through supabase-js, and each
 * refused write checked against the rows the service_role sees afterwards.
 * Plus rpc('is_admin') per role.
 */
import { randomUUID } from 'node:crypto';
import { SETTING_KEYS, targets, useBackend, type Client, type TestUser } from './harness.ts';

type Who = 'anon' | 'user' | 'admin';
const everyone: Who[] = ['anon', 'user', 'admin'];
/** PostgREST's answer to 42501: 401 for the anon role, 403 for any other. */
const deniedStatus: Record<Who, number> = { anon: 401, user: 403, admin: 403 };

interface Result {
  data: unknown;
  error: { code?: string; message: string } | null;
  status: number;
}

function expectDenied(result: Result, who: Who) {
  expect(result.error, `expected ${who} to be refused`).not.toBeNull();
  expect(result.error!.code).toBe('42501');
  expect(result.status).toBe(deniedStatus[who]);
}

describe.each(targets)('RLS matrix on $name', (target) => {
  const backend = useBackend(target);
  let user: TestUser;
  let admin: TestUser;
  let otherAdmin: TestUser;

  const as = (who: Who): Client => (who === 'anon' ? backend.anon() : who === 'user' ? user.client : admin.client);

  /** A fresh post made by the service_role, so each cell works on its own row. */
  const makePost = async (published: boolean) => {
    const { data, error } = await backend.service
      .from('blog_posts')
      .insert({ title: `RLS ${randomUUID().slice(0, 8)}`, language: 'en', category: 'Others', published })
      .select()
      .single();
    if (error) throw new Error(error.message);
    return data!;
  };
  const postById = async (id: string) =>
    (await backend.service.from('blog_posts').select('*').eq('id', id).maybeSingle()).data;

  beforeAll(async () => {
    user = await backend.createUser('reader');
    admin = await backend.createAdmin('editor');
    otherAdmin = await backend.createAdmin('editor2');
  });

  describe('blog_posts', () => {
    it.each(['anon', 'user'] as const)('select as %s: published posts only', async (who) => {
      const { data, error } = await as(who).from('blog_posts').select('id, published');
      expect(error).toBeNull();
      const { count: published } = await backend.service.from('blog_posts').select('*', { count: 'exact', head: true }).eq('published', true);
      expect(data!.length).toBe(published);
      expect(data!.every((p) => p.published)).toBe(true);
    });

    it('select as admin: every post, drafts included', async () => {
      const { data, error } = await as('admin').from('blog_posts').select('id, published');
      expect(error).toBeNull();
      expect(data!.length).toBe(await backend.count('blog_posts'));
      expect(data!.some((p) => !p.published)).toBe(true);
    });

    it.each(['anon', 'user'] as const)('insert as %s: refused with 42501, no row written', async (who) => {
      const before = await backend.count('blog_posts');
      const result = await as(who).from('blog_posts').insert({ title: `Intruder ${who}`, published: true });
      expectDenied(result, who);
      expect(await backend.count('blog_posts')).toBe(before);
    });

    it('insert as admin: created', async () => {
      const before = await backend.count('blog_posts');
      const { data, error, status } = await as('admin').from('blog_posts').insert({ title: 'By the admin' }).select().single();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data!.title).toBe('By the admin');
      expect(await backend.count('blog_posts')).toBe(before + 1);
    });

    it('update as anon: refused with 42501 (no UPDATE right at all), published or draft', async () => {
      for (const published of [true, false]) {
        const post = await makePost(published);
        expectDenied(await as('anon').from('blog_posts').update({ title: 'Hacked' }).eq('id', post.id).select(), 'anon');
        expect((await postById(post.id))!.title).toBe(post.title);
      }
    });

    it('update as user: 0 rows affected, published or draft (RLS)', async () => {
      for (const published of [true, false]) {
        const post = await makePost(published);
        const { data, error } = await as('user').from('blog_posts').update({ title: 'Hacked' }).eq('id', post.id).select();
        expect(error).toBeNull();
        expect(data).toEqual([]);
        expect((await postById(post.id))!.title).toBe(post.title);
      }
    });

    it('update as admin: 1 row, drafts included', async () => {
      const post = await makePost(false);
      const { data, error } = await as('admin').from('blog_posts').update({ title: 'Edited', published: true }).eq('id', post.id).select();
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect(await postById(post.id)).toMatchObject({ title: 'Edited', published: true });
    });

    it('delete as anon: refused with 42501 (no DELETE right at all), published or draft', async () => {
      for (const published of [true, false]) {
        const post = await makePost(published);
        expectDenied(await as('anon').from('blog_posts').delete().eq('id', post.id).select(), 'anon');
        expect(await postById(post.id)).not.toBeNull();
      }
    });

    it('delete as user: 0 rows affected, published or draft (RLS)', async () => {
      for (const published of [true, false]) {
        const post = await makePost(published);
        const { data, error } = await as('user').from('blog_posts').delete().eq('id', post.id).select();
        expect(error).toBeNull();
        expect(data).toEqual([]);
        expect(await postById(post.id)).not.toBeNull();
      }
    });

    it('delete as admin: 1 row', async () => {
      const post = await makePost(false);
      const { data, error } = await as('admin').from('blog_posts').delete().eq('id', post.id).select();
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect(await postById(post.id)).toBeNull();
    });
  });

  describe('site_settings', () => {
    const heroTitle = async (language: 'pt' | 'en') =>
      (await backend.service.from('site_settings').select('*').eq('key', 'hero_title').eq('language', language).single()).data!;

    it.each(everyone)('select as %s: every setting of both languages', async (who) => {
      const { data, error } = await as(who).from('site_settings').select('key, language');
      expect(error).toBeNull();
      expect(data!.length).toBe(await backend.count('site_settings'));
      expect(data!.length).toBe(SETTING_KEYS.length * 2);
    });

    it.each(everyone)('insert as %s: refused with 42501 (keys come from migrations), no row written', async (who) => {
      const result = await as(who).from('site_settings').insert({ key: `new_key_${who}`, language: 'en', value: 'x' });
      expectDenied(result, who);
      expect(await backend.count('site_settings')).toBe(SETTING_KEYS.length * 2);
    });

    it('update as anon: refused with 42501 (no UPDATE right at all)', async () => {
      const row = await heroTitle('pt');
      expectDenied(await as('anon').from('site_settings').update({ value: 'Hacked' }).eq('id', row.id).select(), 'anon');
      expect((await heroTitle('pt')).value).toBe(row.value);
    });

    it('update as user: 0 rows affected (RLS)', async () => {
      const row = await heroTitle('pt');
      const { data, error } = await as('user').from('site_settings').update({ value: 'Hacked' }).eq('id', row.id).select();
      expect(error).toBeNull();
      expect(data).toEqual([]);
      expect((await heroTitle('pt')).value).toBe(row.value);
    });

    it('update as admin: 1 row', async () => {
      const row = await heroTitle('en');
      const { data, error } = await as('admin').from('site_settings').update({ value: 'Edited title' }).eq('id', row.id).select();
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect((await heroTitle('en')).value).toBe('Edited title');
    });

    it.each(everyone)('delete as %s: refused with 42501 (settings are edited, never removed)', async (who) => {
      const row = await heroTitle('pt');
      expectDenied(await as(who).from('site_settings').delete().eq('id', row.id).select(), who);
      expect(await backend.count('site_settings')).toBe(SETTING_KEYS.length * 2);
    });
  });

  describe('user_roles', () => {
    it('select as anon: nothing', async () => {
      const { data, error } = await as('anon').from('user_roles').select('*');
      expect(error).toBeNull();
      expect(data).toEqual([]);
    });

    it('select as user: nothing (they hold no role)', async () => {
      const { data, error } = await as('user').from('user_roles').select('*');
      expect(error).toBeNull();
      expect(data).toEqual([]);
    });

    it('select as admin: only their own row, not the other admin\'s', async () => {
      const { data, error } = await as('admin').from('user_roles').select('*');
      expect(error).toBeNull();
      expect(data).toEqual([expect.objectContaining({ user_id: admin.id, role: 'admin' })]);
      expect(await backend.count('user_roles')).toBe(2);
    });

    it.each(everyone)('insert as %s: refused with 42501 (no self-promotion), no row written', async (who) => {
      const result = await as(who).from('user_roles').insert({ user_id: user.id, role: 'admin' });
      expectDenied(result, who);
      expect(await backend.count('user_roles')).toBe(2);
      const { data } = await user.client.rpc('is_admin');
      expect(data).toBe(false);
    });

    it.each(everyone)('update as %s: refused with 42501', async (who) => {
      const result = await as(who).from('user_roles').update({ user_id: user.id }).eq('user_id', otherAdmin.id);
      expectDenied(result, who);
      const { data } = await backend.service.from('user_roles').select('user_id').order('user_id');
      expect(data!.map((r) => r.user_id).sort()).toEqual([admin.id, otherAdmin.id].sort());
    });

    it.each(everyone)('delete as %s: refused with 42501', async (who) => {
      const result = await as(who).from('user_roles').delete().eq('user_id', otherAdmin.id);
      expectDenied(result, who);
      expect(await backend.count('user_roles')).toBe(2);
    });
  });

  describe('schema behind the matrix', () => {
    it('row level security is on for every table in public', async () => {
      const rows = await backend.sql<{ relname: string; relrowsecurity: boolean }>(
        "select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1",
      );
      expect(rows).toEqual([
        { relname: 'blog_post_corrections', relrowsecurity: true },
        { relname: 'blog_post_review_links', relrowsecurity: true },
        { relname: 'blog_post_revisions', relrowsecurity: true },
        { relname: 'blog_post_slugs', relrowsecurity: true },
        { relname: 'blog_posts', relrowsecurity: true },
        { relname: 'clip_copies', relrowsecurity: true },
        { relname: 'clip_feeds', relrowsecurity: true },
        { relname: 'clip_jobs', relrowsecurity: true },
        { relname: 'clip_newsletter_sends', relrowsecurity: true },
        { relname: 'clips', relrowsecurity: true },
        { relname: 'fediverse_accounts', relrowsecurity: true },
        { relname: 'fediverse_blocks', relrowsecurity: true },
        { relname: 'fediverse_followers', relrowsecurity: true },
        { relname: 'fediverse_reactions', relrowsecurity: true },
        { relname: 'fediverse_replies', relrowsecurity: true },
        { relname: 'newsletter_sends', relrowsecurity: true },
        { relname: 'newsletter_subscribers', relrowsecurity: true },
        { relname: 'site_settings', relrowsecurity: true },
        { relname: 'stats_daily', relrowsecurity: true },
        { relname: 'stats_site_daily', relrowsecurity: true },
        { relname: 'stats_sources_daily', relrowsecurity: true },
        { relname: 'user_roles', relrowsecurity: true },
      ]);
    });

    it('one policy per operation and role, each named by a sentence; the second-factor rule restrictive on every admin write', async () => {
      const rows = await backend.sql<{ tablename: string; cmd: string; roles: string; policyname: string; permissive: string }>(
        "select tablename, cmd, array_to_string(roles, ',') as roles, policyname, permissive from pg_policies where schemaname = 'public' order by 1, 2, 3, 5",
      );
      expect(rows.map((r) => `${r.tablename} ${r.cmd} ${r.roles} ${r.permissive.toLowerCase()}: ${r.policyname}`)).toEqual([
        'blog_post_corrections DELETE authenticated permissive: Admins can withdraw corrections',
        "blog_post_corrections DELETE authenticated restrictive: Withdrawing corrections needs the admin's second factor",
        'blog_post_corrections INSERT authenticated permissive: Admins can correct published posts',
        "blog_post_corrections INSERT authenticated restrictive: Correcting needs the admin's second factor",
        'blog_post_corrections SELECT anon,authenticated permissive: Anyone can read the corrections of posts they may read',
        'blog_post_review_links DELETE authenticated permissive: Admins can revoke review links',
        "blog_post_review_links DELETE authenticated restrictive: Revoking review links needs the admin's second factor",
        'blog_post_review_links SELECT authenticated permissive: Admins can see the review links',
        "blog_post_review_links SELECT authenticated restrictive: Seeing the review links needs the admin's second factor",
        'blog_post_revisions SELECT authenticated permissive: Admins can read the revisions',
        "blog_post_revisions SELECT authenticated restrictive: Reading the revisions needs the admin's second factor",
        'blog_post_slugs INSERT authenticated permissive: Admins can keep the old addresses of posts',
        "blog_post_slugs INSERT authenticated restrictive: Keeping old addresses needs the admin's second factor",
        'blog_post_slugs SELECT anon,authenticated permissive: Anyone can read the addresses of posts they may read',
        'blog_posts DELETE authenticated permissive: Admins can delete posts',
        "blog_posts DELETE authenticated restrictive: Deleting posts needs the admin's second factor",
        'blog_posts INSERT authenticated permissive: Admins can create posts',
        "blog_posts INSERT authenticated restrictive: Creating posts needs the admin's second factor",
        'blog_posts SELECT anon permissive: Visitors can read published posts from their date on',
        'blog_posts SELECT authenticated permissive: Signed-in users read posts from their date on, admins all posts',
        "blog_posts SELECT authenticated restrictive: Drafts and scheduled posts need the caller's second factor",
        'blog_posts UPDATE authenticated permissive: Admins can update posts',
        "blog_posts UPDATE authenticated restrictive: Editing posts needs the admin's second factor",
        'clip_copies DELETE authenticated permissive: Admins can delete copies',
        "clip_copies DELETE authenticated restrictive: Deleting copies needs the admin's second factor",
        'clip_copies SELECT anon permissive: Visitors can read the copies she shows',
        'clip_copies SELECT authenticated permissive: Signed-in users read the copies she shows, admins all copies',
        "clip_copies SELECT authenticated restrictive: Copies she does not show need the caller's second factor",
        'clip_feeds DELETE authenticated permissive: Admins can stop following feeds',
        "clip_feeds DELETE authenticated restrictive: Unfollowing feeds needs the admin's second factor",
        'clip_feeds INSERT authenticated permissive: Admins can follow feeds',
        "clip_feeds INSERT authenticated restrictive: Following feeds needs the admin's second factor",
        'clip_feeds SELECT authenticated permissive: Admins can read the followed feeds',
        "clip_feeds SELECT authenticated restrictive: Reading the followed feeds needs the admin's second factor",
        'clip_feeds UPDATE authenticated permissive: Admins can change followed feeds',
        "clip_feeds UPDATE authenticated restrictive: Changing followed feeds needs the admin's second factor",
        'clip_jobs DELETE authenticated permissive: Admins can clear clips jobs',
        "clip_jobs DELETE authenticated restrictive: Clearing clips jobs needs the admin's second factor",
        'clip_jobs INSERT authenticated permissive: Admins can ask for clips jobs',
        "clip_jobs INSERT authenticated restrictive: Asking for clips jobs needs the admin's second factor",
        'clip_jobs SELECT authenticated permissive: Admins can see the clips jobs',
        "clip_jobs SELECT authenticated restrictive: Seeing the clips jobs needs the admin's second factor",
        'clip_newsletter_sends SELECT authenticated permissive: Admins can see which clips were sent',
        "clip_newsletter_sends SELECT authenticated restrictive: Seeing which clips were sent needs the admin's second factor",
        'clips DELETE authenticated permissive: Admins can delete clips',
        "clips DELETE authenticated restrictive: Deleting clips needs the admin's second factor",
        'clips INSERT authenticated permissive: Admins can add clips',
        "clips INSERT authenticated restrictive: Adding clips needs the admin's second factor",
        'clips SELECT anon permissive: Visitors can read published clips',
        'clips SELECT authenticated permissive: Signed-in users read published clips, admins all clips',
        "clips SELECT authenticated restrictive: Hidden clips need the caller's second factor",
        'clips UPDATE authenticated permissive: Admins can edit clips',
        "clips UPDATE authenticated restrictive: Editing clips needs the admin's second factor",
        'fediverse_accounts SELECT anon,authenticated permissive: Anyone can read the fediverse accounts',
        'fediverse_accounts UPDATE authenticated permissive: Admins can change the fediverse accounts',
        "fediverse_accounts UPDATE authenticated restrictive: Changing the fediverse accounts needs the admin's second factor",
        'fediverse_blocks DELETE authenticated permissive: Admins can unblock',
        "fediverse_blocks DELETE authenticated restrictive: Unblocking needs the admin's second factor",
        'fediverse_blocks INSERT authenticated permissive: Admins can block',
        "fediverse_blocks INSERT authenticated restrictive: Blocking needs the admin's second factor",
        'fediverse_blocks SELECT authenticated permissive: Admins can read the blocks',
        "fediverse_blocks SELECT authenticated restrictive: Reading the blocks needs the admin's second factor",
        'fediverse_followers SELECT authenticated permissive: Admins can read the followers',
        "fediverse_followers SELECT authenticated restrictive: Reading the followers needs the admin's second factor",
        'fediverse_reactions SELECT authenticated permissive: Admins can read the reactions',
        "fediverse_reactions SELECT authenticated restrictive: Reading the reactions needs the admin's second factor",
        'fediverse_replies DELETE authenticated permissive: Admins can delete replies',
        "fediverse_replies DELETE authenticated restrictive: Deleting replies needs the admin's second factor",
        'fediverse_replies SELECT anon,authenticated permissive: Anyone can read approved replies to public posts',
        // the second factor is in the policy itself: the visitors' policy beside it must not be narrowed by it.
        'fediverse_replies SELECT authenticated permissive: Admins can read every reply',
        'fediverse_replies UPDATE authenticated permissive: Admins can moderate replies',
        "fediverse_replies UPDATE authenticated restrictive: Moderating replies needs the admin's second factor",
        'newsletter_sends SELECT authenticated permissive: Admins can see what was sent',
        "newsletter_sends SELECT authenticated restrictive: Seeing what was sent needs the admin's second factor",
        'newsletter_subscribers DELETE authenticated permissive: Admins can remove subscribers',
        "newsletter_subscribers DELETE authenticated restrictive: Removing subscribers needs the admin's second factor",
        'newsletter_subscribers INSERT authenticated permissive: Admins can add subscribers',
        "newsletter_subscribers INSERT authenticated restrictive: Adding subscribers needs the admin's second factor",
        'newsletter_subscribers SELECT authenticated permissive: Admins can read the subscribers',
        "newsletter_subscribers SELECT authenticated restrictive: Reading the subscribers needs the admin's second factor",
        'site_settings SELECT anon permissive: Visitors can read site settings',
        'site_settings SELECT authenticated permissive: Signed-in users can read site settings',
        'site_settings UPDATE authenticated permissive: Admins can update site settings',
        "site_settings UPDATE authenticated restrictive: Editing settings needs the admin's second factor",
        'stats_daily SELECT authenticated permissive: Admins can read the statistics',
        "stats_daily SELECT authenticated restrictive: Reading the statistics needs the admin's second factor",
        "stats_site_daily SELECT authenticated permissive: Admins can read the site's statistics",
        "stats_site_daily SELECT authenticated restrictive: Reading the site's statistics needs the admin's second factor",
        'stats_sources_daily SELECT authenticated permissive: Admins can read the sources of views',
        "stats_sources_daily SELECT authenticated restrictive: Reading the sources of views needs the admin's second factor",
        'user_roles SELECT authenticated permissive: Signed-in users can read their own roles',
      ]);
    });

    it('the API roles hold only the rights they use: no TRUNCATE, TRIGGER or REFERENCES anywhere, anon only SELECT', async () => {
      const rows = await backend.sql<{ role: string; relname: string; privileges: string }>(
        `select r.role, c.relname,
                array_to_string(array(select p from unnest(array['SELECT','INSERT','UPDATE','DELETE','TRUNCATE','REFERENCES','TRIGGER']) p
                                       where has_table_privilege(r.role, c.oid, p)), ',') as privileges
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          cross join (values ('anon'), ('authenticated')) r(role)
          where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
          order by 1, 2`,
      );
      expect(rows.map((r) => `${r.role} ${r.relname}: ${r.privileges}`)).toEqual([
        'anon blog_post_corrections: SELECT',
        // drafts' history and links are hers: a visitor reads a review link's post only through review_post(token).
        'anon blog_post_review_links: ',
        'anon blog_post_revisions: ',
        'anon blog_post_slugs: SELECT',
        'anon blog_posts: SELECT',
        // by column: the fetched page's object name (page_path) is hers.
        'anon clip_copies: ',
        'anon clip_feeds: ',
        'anon clip_jobs: ',
        'anon clip_newsletter_sends: ',
        'anon clips: SELECT',
        'anon fediverse_accounts: SELECT',
        // followers, blocks and reactions are hers; approved replies are read by column (the author's actor id stays out).
        'anon fediverse_blocks: ',
        'anon fediverse_followers: ',
        'anon fediverse_reactions: ',
        'anon fediverse_replies: ',
        // the list is hers: a visitor holds no right on it at all (subscribing is a function).
        'anon newsletter_sends: ',
        'anon newsletter_subscribers: ',
        'anon site_settings: SELECT',
        // the numbers are hers: a visitor adds a view only through record_view().
        'anon stats_daily: ',
        'anon stats_site_daily: ',
        'anon stats_sources_daily: ',
        'anon user_roles: SELECT',
        // INSERT by column (post_id, note, created_at): the id is the database's.
        'authenticated blog_post_corrections: SELECT,DELETE',
        // SELECT by column: the token's hash stays out; links are made by create_review_link().
        'authenticated blog_post_review_links: DELETE',
        // written by the save's own trigger, never by a client.
        'authenticated blog_post_revisions: SELECT',
        'authenticated blog_post_slugs: SELECT,INSERT',
        'authenticated blog_posts: SELECT,INSERT,UPDATE,DELETE',
        // copies are written by the server's worker; she may delete one.
        'authenticated clip_copies: SELECT,DELETE',
        'authenticated clip_feeds: SELECT,INSERT,UPDATE,DELETE',
        // INSERT by column: a job's state and result are the worker's.
        'authenticated clip_jobs: SELECT,DELETE',
        'authenticated clip_newsletter_sends: SELECT',
        'authenticated clips: SELECT,INSERT,UPDATE,DELETE',
        // UPDATE of the handle and alsoKnownAs, by column.
        'authenticated fediverse_accounts: SELECT',
        // INSERT by column (kind, value).
        'authenticated fediverse_blocks: SELECT,DELETE',
        // written by the server's inbox; she removes a follower through fediverse_remove_follower() (it sends Reject).
        'authenticated fediverse_followers: SELECT',
        'authenticated fediverse_reactions: SELECT',
        // UPDATE of the moderation state, by column.
        'authenticated fediverse_replies: SELECT,DELETE',
        'authenticated newsletter_sends: SELECT',
        // SELECT and INSERT are granted column by column (below): the tokens stay out.
        'authenticated newsletter_subscribers: DELETE',
        'authenticated site_settings: SELECT,UPDATE',
        // written by record_view() alone.
        'authenticated stats_daily: SELECT',
        'authenticated stats_site_daily: SELECT',
        'authenticated stats_sources_daily: SELECT',
        'authenticated user_roles: SELECT',
      ]);
    });

    it("the subscribers' tokens are out of every API role's reach: SELECT and INSERT by column", async () => {
      const rows = await backend.sql<{ role: string; privilege: string; columns: string }>(
        `select r.role, p.privilege,
                array_to_string(array(select a.attname from pg_attribute a
                                       where a.attrelid = 'public.newsletter_subscribers'::regclass and a.attnum > 0 and not a.attisdropped
                                         and has_column_privilege(r.role, a.attrelid, a.attnum, p.privilege)
                                       order by a.attname), ',') as columns
           from (values ('anon'), ('authenticated')) r(role), (values ('SELECT'), ('INSERT'), ('UPDATE')) p(privilege)
          order by 1, 2`,
      );
      expect(rows.map((r) => `${r.role} ${r.privilege}: ${r.columns}`)).toEqual([
        'anon INSERT: ',
        'anon SELECT: ',
        'anon UPDATE: ',
        'authenticated INSERT: confirmed_at,email,languages,source,status',
        'authenticated SELECT: confirmed_at,created_at,email,id,languages,source,status',
        'authenticated UPDATE: ',
      ]);
    });

    it('TRUNCATE, which row level security does not cover, is refused to the API roles (42501)', async () => {
      for (const role of ['anon', 'authenticated']) {
        for (const table of ['blog_posts', 'site_settings']) {
          const error = await backend
            .sql(`do $$ begin set local role ${role}; truncate public.${table} cascade; end $$`)
            .then(() => null, (e: { code?: string }) => e);
          expect(error?.code, `${role} truncate ${table}`).toBe('42501');
        }
      }
      expect(await backend.count('site_settings')).toBe(SETTING_KEYS.length * 2);
    });

    it("each function is callable only by whom it is for; anon calls none but is_admin(), site_now(), the newsletter's three reader doors, review_post(), record_view() and search_site()", async () => {
      const rows = await backend.sql<{ fn: string; anon: boolean; authenticated: boolean }>(
        `select p.proname as fn, has_function_privilege('anon', p.oid, 'execute') as anon,
                has_function_privilege('authenticated', p.oid, 'execute') as authenticated
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`,
      );
      // Subscribing answers the same whatever the list holds; confirming and unsubscribing need a mail's secret.
      // A review link's post needs its secret too. A view adds one to aggregates, capped per client.
      // Searching runs under the caller's own row level security (issue 44).
      expect(rows.filter((r) => r.anon).map((r) => r.fn)).toEqual([
        'is_admin', 'newsletter_confirm', 'newsletter_subscribe', 'newsletter_unsubscribe', 'record_view', 'review_post', 'search_site', 'site_now',
      ]);
      expect(rows.filter((r) => r.authenticated).map((r) => r.fn).sort()).toEqual([
        // her clips' backup and restore check is_admin() and her second factor themselves (issue 43).
        'clips_backup', 'clips_restore',
        'create_review_link', 'ensure_translation_group', 'fediverse_reaction_counts', 'fediverse_remove_follower',
        // her fediverse restore checks is_admin() and her second factor itself; its backup (the private keys) is the service role's alone.
        'fediverse_restore', 'has_required_aal', 'import_corrections', 'import_posts', 'import_revisions', 'is_admin',
        // her functions check is_admin() themselves, or run as the caller under row level security.
        'newsletter_backup_subscribers', 'newsletter_confirm', 'newsletter_growth', 'newsletter_import_subscribers',
        'newsletter_restore_subscribers', 'newsletter_send_progress', 'newsletter_send_test',
        'newsletter_subscribe', 'newsletter_unsubscribe', 'record_view', 'review_post', 'search_site', 'site_now', 'site_today', 'slugify',
        'stats_days', 'stats_pages', 'stats_post_days', 'stats_sources',
      ]);
      const call = await as('anon').rpc('ensure_translation_group', { post_id: randomUUID() });
      expectDenied(call, 'anon');
    });

    it('a table or function a later migration adds starts with no right for the API roles', async () => {
      // The default privileges of the role the migrations run as (the owner of what they made).
      const [row] = await backend.sql<{ table_rights: boolean; function_right: boolean }>(
        `with migrator as (select relowner as oid from pg_class where oid = 'public.blog_posts'::regclass)
         select exists (select 1 from pg_default_acl d join pg_namespace n on n.oid = d.defaclnamespace
                         where d.defaclrole = (select oid from migrator) and n.nspname = 'public' and d.defaclobjtype = 'r'
                           and exists (select 1 from aclexplode(d.defaclacl) a
                                        where a.grantee in ('anon'::regrole, 'authenticated'::regrole))) as table_rights,
                exists (select 1 from pg_default_acl d
                         where d.defaclrole = (select oid from migrator) and d.defaclobjtype = 'f'
                           and exists (select 1 from aclexplode(d.defaclacl) a
                                        where a.grantee in (0, 'anon'::regrole, 'authenticated'::regrole))) as function_right`,
      );
      // And, made as that role, a table and a function indeed give the API roles nothing.
      const [made] = await backend.sql<{ table_rights: boolean; function_right: boolean }>(
        `do $$ begin
           execute format('set local role %I', (select r.rolname from pg_class c join pg_roles r on r.oid = c.relowner
                                                 where c.oid = 'public.blog_posts'::regclass));
           create table public.later_table (id int);
           create function public.later_function() returns int language sql as 'select 1';
           raise exception using errcode = 'P0001', message = json_build_object(
             'table_rights', has_table_privilege('anon', 'public.later_table', 'select') or has_table_privilege('authenticated', 'public.later_table', 'truncate'),
             'function_right', has_function_privilege('anon', 'public.later_function()', 'execute') or has_function_privilege('authenticated', 'public.later_function()', 'execute'))::text;
         end $$`,
      ).then(
        () => [undefined],
        (e: { code?: string; message: string }) => (e.code === 'P0001' ? [JSON.parse(e.message)] : Promise.reject(e)),
      );
      expect(made).toEqual({ table_rights: false, function_right: false });
      expect(row).toEqual({ table_rights: false, function_right: false });
    });

    it('is_admin() is a stable security definer function with an empty search_path', async () => {
      const [fn] = await backend.sql<{ prosecdef: boolean; provolatile: string; proconfig: string[] }>(
        "select prosecdef, provolatile, proconfig from pg_proc where oid = 'public.is_admin()'::regprocedure",
      );
      expect(fn).toEqual({ prosecdef: true, provolatile: 's', proconfig: ['search_path=""'] });
    });

    it('the public reads have their indexes', async () => {
      const rows = await backend.sql<{ indexname: string }>(
        "select indexname from pg_indexes where schemaname = 'public' order by 1",
      );
      expect(rows.map((r) => r.indexname)).toEqual(
        expect.arrayContaining(['blog_posts_public_listing_idx', 'blog_posts_public_category_listing_idx', 'blog_posts_admin_listing_idx', 'blog_posts_created_at_idx', 'site_settings_language_key_idx', 'site_settings_key_language_key', 'user_roles_pkey']),
      );
    });
  });

  describe("rpc('is_admin')", () => {
    it.each([
      ['anon', false],
      ['user', false],
      ['admin', true],
    ] as const)('as %s: %s', async (who, expected) => {
      const { data, error } = await as(who).rpc('is_admin');
      expect(error).toBeNull();
      expect(data).toBe(expected);
    });

    it('a new sign-up is not an admin', async () => {
      const client = backend.anon();
      const { data: signUp, error: signUpError } = await client.auth.signUp({
        email: `newcomer-${randomUUID().slice(0, 8)}@example.com`,
        password: `pw-${randomUUID()}`,
      });
      expect(signUpError).toBeNull();
      expect(signUp.session).not.toBeNull();
      const { data, error } = await client.rpc('is_admin');
      expect(error).toBeNull();
      expect(data).toBe(false);
      const { data: posts } = await client.from('blog_posts').insert({ title: 'Sneaky' }).select();
      expect(posts).toBeNull();
    });

    it('as the service_role (no user): false', async () => {
      const { data, error } = await backend.service.rpc('is_admin');
      expect(error).toBeNull();
      expect(data).toBe(false);
    });
  });
});
