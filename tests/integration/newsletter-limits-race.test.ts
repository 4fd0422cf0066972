/**
 * Found by the security review of issue 25 (fixed): newsletter_subscribe's limits (3 an hour per address,
 * 10 per client, 200 for the site) count the attempts already committed and
 * then add one, with nothing that makes two calls take turns. On PostgreSQL,
 * where hosted PostgREST (and this backend's pool) run requests at once, calls
 * that overlap all count the same committed past and all pass: one address
 * receives as many confirmation mails as calls were made at once.
 *
 * The calls are made as PostgREST makes them: each in its own transaction,
 * as anon, with the caller's address in request.headers (a different one
 * each, so only the address limit stands in the way). The first call is held
 * open until the others are under way, which is the overlap a burst of
 * requests produces by chance. PGlite has one connection and no overlap.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { targets, useBackend } from './harness.ts';

const ADDRESS_LIMIT = 3;

describe.each(targets)('newsletter_subscribe under calls that come at once, on $name', (target) => {
  const backend = useBackend(target);

  const confirmationsTo = async (email: string) => {
    const [{ mails }] = (await backend.sql<{ mails: number }>(
      `select count(*)::int as mails from private.mail_queue where kind = 'newsletter_confirm' and recipient = $1`,
      [email],
    )) as [{ mails: number }];
    return mails;
  };

  it('queues no more than 3 confirmation mails to one address for a burst of requests to the API', async () => {
    const email = `burst-${randomUUID().slice(0, 8)}@example.com`;
    const body = JSON.stringify({ email, languages: ['pt'], page_language: 'pt', trap: '' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        backend.request('/rest/v1/rpc/newsletter_subscribe', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }).then((r) => r.status),
      ),
    );
    expect(await confirmationsTo(email), `answers: ${answers.join(' ')}`).toBeLessThanOrEqual(ADDRESS_LIMIT);
  });

  // The overlap made certain, as hosted PostgREST's pool allows it; the embedded database runs one transaction at a time.
  if (target.name !== 'PostgreSQL') return;

  /** A connection to the backend's own database, as PostgREST's authenticator would hold one. */
  async function connection(): Promise<pg.Client> {
    const [{ name }] = (await backend.sql<{ name: string }>(`select current_database() as name`)) as [{ name: string }];
    const url = new URL(target.serverUrl!);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  }

  /** A request's transaction as anon from `client`, left open. */
  async function asAnon(db: pg.Client, client: string): Promise<void> {
    await db.query('begin');
    await db.query('set local role anon');
    await db.query(`select set_config('request.headers', $1, true), set_config('request.jwt.claims', '{"role":"anon"}', true)`, [
      JSON.stringify({ 'x-forwarded-for': client }),
    ]);
  }

  const subscribe = (db: pg.Client, email: string) => db.query(`select public.newsletter_subscribe($1, '{pt}', 'pt', '')`, [email]);

  it('sends one address no more than 3 confirmation mails in an hour, however many calls overlap', { timeout: 60_000 }, async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const later = 5;
    const dbs = await Promise.all(Array.from({ length: later + 1 }, () => connection()));
    const watcher = await connection();
    try {
      const [first, ...others] = dbs as [pg.Client, ...pg.Client[]];
      await asAnon(first, '198.51.100.1');
      await subscribe(first, email);

      let settled = 0;
      const outcomes = others.map(async (db, i) => {
        await asAnon(db, `198.51.100.${i + 2}`);
        try {
          await subscribe(db, email);
          await db.query('commit');
          return 'subscribed';
        } catch (e) {
          await db.query('rollback');
          return (e as Error).message;
        } finally {
          settled++;
        }
      });
      // Every later call is under way: waiting on a lock behind the first, or already answered.
      for (;;) {
        const [{ waiting }] = (await watcher.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like '%newsletter_subscribe%'`,
        )).rows as [{ waiting: number }];
        if (waiting + settled >= later) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await first.query('commit');
      const answers = await Promise.all(outcomes);

      expect(await confirmationsTo(email), `confirmation mails queued to one address (answers: ${answers.join(', ')})`).toBeLessThanOrEqual(ADDRESS_LIMIT);
      expect(answers.filter((a) => a !== 'subscribed').every((a) => a === 'newsletter_address_limit')).toBe(true);
    } finally {
      await Promise.all([...dbs, watcher].map((db) => db.end().catch(() => {})));
    }
  });
});
