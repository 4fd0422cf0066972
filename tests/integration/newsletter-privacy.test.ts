/**
 * The subscriber list is hers alone (issue 25), through the real supabase-js
 * on PGlite and PostgreSQL: a visitor and a signed-in reader who is not the
 * admin can neither read, count nor enumerate it; they subscribe, confirm and
 * unsubscribe only through functions that answer the same whatever the list
 * holds, or that need a secret token.
 */
import { randomUUID } from 'node:crypto';
import { targets, useBackend, type Client, type TestUser } from './harness.ts';

describe.each(targets)('the subscriber list on $name', (target) => {
  const backend = useBackend(target);
  let admin: TestUser;
  let reader: TestUser;
  let known: string;

  beforeAll(async () => {
    admin = await backend.createAdmin();
    reader = await backend.createUser('reader');
    known = `known-${randomUUID().slice(0, 8)}@example.com`;
    await backend.sql(
      `insert into public.newsletter_subscribers (email, languages, status, confirmed_at) values ($1, '{pt}', 'confirmed', now())`,
      [known],
    );
  });

  const strangers = (): [string, Client][] => [
    ['a visitor', backend.anon()],
    ['a signed-in reader', reader.client],
  ];

  it('lets no one but the admin read or count the list', async () => {
    for (const [who, client] of strangers()) {
      const rows = await client.from('newsletter_subscribers').select('email');
      expect(rows.data ?? [], who).toEqual([]);
      const counted = await client.from('newsletter_subscribers').select('*', { count: 'exact', head: true });
      expect(counted.count ?? 0, who).toBe(0);
      const byEmail = await client.from('newsletter_subscribers').select('id').eq('email', known);
      expect(byEmail.data ?? [], who).toEqual([]);
      const sends = await client.from('newsletter_sends').select('post_id');
      expect(sends.data ?? [], who).toEqual([]);
    }
    // The visitor is refused outright (no grant); the reader sees nothing (row level security).
    expect((await backend.anon().from('newsletter_subscribers').select('email')).error?.code).toBe('42501');
    const mine = await admin.client.from('newsletter_subscribers').select('email, status').eq('email', known);
    expect(mine.data).toEqual([{ email: known, status: 'confirmed' }]);
  });

  it('lets no one but the admin add or remove an address', async () => {
    const email = `written-${randomUUID().slice(0, 8)}@example.com`;
    const row = { email, languages: ['pt'], status: 'confirmed', source: 'import', confirmed_at: new Date().toISOString() };
    for (const [who, client] of strangers()) {
      expect((await client.from('newsletter_subscribers').insert(row)).error, who).not.toBeNull();
      const removed = await client.from('newsletter_subscribers').delete().eq('email', known).select('id');
      expect(removed.data ?? [], who).toEqual([]);
    }
    expect(await backend.sql(`select 1 from public.newsletter_subscribers where email = any($1)`, [[known, email]])).toHaveLength(1);
    expect((await admin.client.from('newsletter_subscribers').insert(row)).error).toBeNull();
    // Asking for a column back works (RETURNING names it alone); `*` would name the tokens, which are no one's.
    const removed = await admin.client.from('newsletter_subscribers').delete().eq('email', email).select('id, email');
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([{ id: expect.any(String), email }]);
    expect(await backend.sql(`select 1 from public.newsletter_subscribers where email = $1`, [email])).toEqual([]);
  });

  it('keeps the tokens out of every API role, hers included', async () => {
    const r = await admin.client.from('newsletter_subscribers').select('unsubscribe_token');
    expect(r.error?.code).toBe('42501');
    // The confirmation links' hashes have a table of their own in the private schema (issue 41).
    for (const client of [backend.anon(), reader.client, admin.client]) {
      const links = await (client as unknown as { schema(s: string): Client }).schema('private').from('newsletter_confirm_links' as never).select('*');
      expect(links.error).not.toBeNull();
    }
    const [owner] = await backend.sql<{ anon: boolean; authenticated: boolean }>(
      `select has_table_privilege('anon', 'private.newsletter_confirm_links', 'select') as anon,
              has_table_privilege('authenticated', 'private.newsletter_confirm_links', 'select') as authenticated`,
    );
    expect(owner).toEqual({ anon: false, authenticated: false });
  });

  it('answers a subscription the same whether the address is new, pending or subscribed', async () => {
    const fresh = `fresh-${randomUUID().slice(0, 8)}@example.com`;
    const answers = [];
    for (const email of [fresh, fresh, known]) {
      const r = await backend.anon().rpc('newsletter_subscribe', { email, languages: ['pt'], page_language: 'pt', trap: '' });
      answers.push({ data: r.data, error: r.error, status: r.status });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]!.error).toBeNull();
    // The subscribed address keeps its subscription: an unconfirmed request changes nothing.
    const [row] = await backend.sql<{ status: string }>(`select status from public.newsletter_subscribers where email = $1`, [known]);
    expect(row?.status).toBe('confirmed');
  });

  it('confirms and unsubscribes only with the secret of a mail', async () => {
    const guess = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');
    expect((await backend.anon().rpc('newsletter_confirm', { token: guess })).data).toEqual([{ outcome: 'invalid', languages: null }]);
    expect((await backend.anon().rpc('newsletter_unsubscribe', { token: randomUUID() })).data).toBe(false);
    expect(await backend.sql(`select 1 from public.newsletter_subscribers where email = $1`, [known])).toHaveLength(1);
  });

  it("refuses her functions to everyone else, and shows a reader's statistics as nothing", async () => {
    for (const [who, client] of strangers()) {
      expect((await client.rpc('newsletter_send_progress')).error, who).not.toBeNull();
      const imported = await client.rpc('newsletter_import_subscribers', { subscribers: [{ email: `x-${randomUUID().slice(0, 6)}@example.com`, languages: ['pt'] }] });
      expect(imported.error, who).not.toBeNull();
      const [post] = await backend.sql<{ id: string }>(`select id from public.blog_posts limit 1`);
      expect((await client.rpc('newsletter_send_test', { post: post!.id })).error, who).not.toBeNull();
    }
    expect((await backend.anon().rpc('newsletter_growth', { days: 3 })).error?.code).toBe('42501');
    const growth = await reader.client.rpc('newsletter_growth', { days: 3 });
    expect(growth.error).toBeNull();
    expect(growth.data!.every((d) => d.pt === 0 && d.en === 0)).toBe(true);
    const hers = await admin.client.rpc('newsletter_growth', { days: 3 });
    expect(hers.data!.at(-1)!.pt).toBeGreaterThanOrEqual(1);
  });

  it('forgets an address never confirmed after 7 days, and its link stops working', async () => {
    const token = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');
    const old = `old-${randomUUID().slice(0, 8)}@example.com`;
    const recent = `recent-${randomUUID().slice(0, 8)}@example.com`;
    await backend.sql(
      `with added as (
         insert into public.newsletter_subscribers (email, languages, created_at, confirm_sent_at)
         values ($1, '{pt}', now() - interval '8 days', now() - interval '8 days'),
                ($2, '{pt}', now() - interval '6 days', now() - interval '6 days')
         returning id, email)
       insert into private.newsletter_confirm_links (token_hash, subscriber_id, sent_at)
       select sha256(convert_to($3, 'UTF8')), id, now() - interval '8 days' from added where email = $1`,
      [old, recent, token],
    );
    expect((await backend.anon().rpc('newsletter_confirm', { token })).data).toEqual([{ outcome: 'invalid', languages: null }]);
    // What the mail worker runs once a minute.
    const [{ forgotten }] = (await backend.sql<{ forgotten: number }>(`select private.newsletter_forget_unconfirmed() as forgotten`)) as [{ forgotten: number }];
    expect(forgotten).toBe(1);
    const left = await backend.sql<{ email: string }>(`select email from public.newsletter_subscribers where email = any($1)`, [[old, recent, known]]);
    expect(left.map((r) => r.email).sort()).toEqual([known, recent].sort());
  });

  it('lets no API role near the mail queue', async () => {
    for (const client of [backend.anon(), reader.client, admin.client]) {
      const r = await (client as unknown as { schema(s: string): Client }).schema('private').from('mail_queue' as never).select('*');
      expect(r.error).not.toBeNull();
    }
  });

  it('limits one client and one address, with a clear answer', async () => {
    const email = `limited-${randomUUID().slice(0, 8)}@example.com`;
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await backend.anon().rpc('newsletter_subscribe', { email, languages: ['en'], page_language: 'en', trap: '' });
      codes.push(r.error?.message);
    }
    expect(codes).toEqual([undefined, undefined, undefined, 'newsletter_address_limit']);
    const trapped = await backend.anon().rpc('newsletter_subscribe', { email: `bot-${randomUUID().slice(0, 6)}@example.com`, languages: ['pt'], page_language: 'pt', trap: 'https://spam.example' });
    expect(trapped.error?.message).toBe('newsletter_trap');
    expect(trapped.status).toBe(400);
    const bad = await backend.anon().rpc('newsletter_subscribe', { email: 'not an address', languages: ['pt'], page_language: 'pt', trap: '' });
    expect(bad.error?.message).toBe('newsletter_invalid_email');
  });
});
