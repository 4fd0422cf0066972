/**
 * Issue 41, defect 5: an address the newsletter stored was not the address
 * it mailed. newsletter_subscribe took `x<attacker@evil.test>.y` and
 * `root,victim@example.com`; the mail went to attacker@evil.test and
 * victim@example.com, and the per-address limit counted the raw strings
 * apart. Now the database's rule (private.is_mailbox) refuses them through
 * every door, the form says the spec's invalid-email words, the same text is
 * stored, counted and sent (over a real SMTP server), and a migration over a
 * database that already holds such rows applies. On PGlite and PostgreSQL.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { TRAP_FIELD } from '../../src/features/newsletter-public/lib/addresses.ts';
import { isMailbox } from '../../src/lib/mailbox.ts';
import { MAILBOXES, NOT_MAILBOXES } from '../../src/testing/mailbox-cases.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { startSmtpSink, type SmtpSink } from '../../server/mail/testing/smtp-sink.ts';
import { createDatabase, HOSTED_MIGRATION_ROLE, targets, useBackend, type Target, type TestUser } from './harness.ts';

const MIGRATIONS = path.join(import.meta.dirname, '..', '..', 'supabase', 'migrations');
const RULE_MIGRATION = '20261128100000_newsletter_one_mailbox.sql';
/** The spec's words for an address that is none (src/lib/i18n.ts). */
const INVALID_EMAIL_PT = 'Digite um endereço de email válido, como nome@exemplo.com.';

/** The addresses of the issue and a few of each kind the rule refuses. */
const HOSTILE = [
  'x<attacker@evil.test>.y',
  'root,victim@example.com',
  'a@example.com,victim@example.com',
  'a;victim@example.com',
  '"victim@example.com"@example.com',
  'a(victim@example.com)@example.com',
  'Ana <ana@example.com>',
  'a b@example.com',
  'ana@example.com\r\nBcc: victim@example.com',
  'a\u0001b@example.com',
  'joão@example.com',
  'ana@127.0.0.1',
];

const sink: { current?: SmtpSink } = {};
beforeAll(async () => {
  sink.current = await startSmtpSink();
});
afterAll(async () => {
  await sink.current?.close();
});

describe.each(targets)('one address stored, counted and mailed, on $name', (target) => {
  const backend = useBackend(target, {
    site: true,
    get mail() {
      return { smtpUrl: sink.current!.url, from: 'Helena Duarte <noreply@helena.example>', ratePerMinute: 100_000, idleMs: 100 };
    },
  } as never);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await backend.createAdmin();
  });

  const subscribe = (email: string) => backend.anon().rpc('newsletter_subscribe', { email, languages: ['pt'], page_language: 'pt', trap: '' });
  const stored = (emails: readonly string[]) =>
    backend.sql<{ email: string }>(`select email from public.newsletter_subscribers where email = any($1::text[])`, [emails.map((e) => e.trim().toLowerCase())]);
  const queuedTo = (emails: readonly string[]) =>
    backend.sql(`select id from private.mail_queue where recipient = any($1::text[])`, [emails.map((e) => e.trim().toLowerCase())]);
  const attempts = async () => Number((await backend.sql<{ n: string }>(`select count(*) as n from private.newsletter_attempts`))[0]!.n);

  it('the database holds the same rule as the form and the mail worker', async () => {
    for (const address of [...MAILBOXES, ...NOT_MAILBOXES]) {
      const [row] = await backend.sql<{ ok: boolean }>(`select private.is_mailbox($1) as ok`, [address]);
      expect(row!.ok, JSON.stringify(address)).toBe(isMailbox(address));
    }
  });

  it.each(HOSTILE)('refuses %j: nothing stored, queued, mailed or counted', async (address) => {
    const before = await attempts();
    const mailsBefore = sink.current!.received.length;
    const answer = await subscribe(address);
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toBe('newsletter_invalid_email');
    expect(await stored([address])).toEqual([]);
    expect(await queuedTo([address])).toEqual([]);
    expect(await attempts()).toBe(before);
    await backend.drainMail();
    expect(sink.current!.received.length).toBe(mailsBefore);
    expect(sink.current!.received.filter((m) => m.envelope.to.some((to) => /evil\.test|victim@/.test(to)))).toEqual([]);
  });

  it("the form without JavaScript answers with the spec's invalid-email message", async () => {
    for (const email of ['x<attacker@evil.test>.y', 'root,victim@example.com']) {
      const form = new URLSearchParams({ email, languages: 'pt', lang: 'pt', [TRAP_FIELD]: '' });
      const posted = await fetch(`${backend.url}/newsletter/subscribe`, {
        method: 'POST', body: form, redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toBe('/newsletter/subscribe?lang=pt&result=invalid-email');
      const page = await fetch(new URL(posted.headers.get('location')!, backend.url));
      expect(await page.text()).toContain(INVALID_EMAIL_PT);
      expect(await stored([email])).toEqual([]);
    }
  });

  it('her import refuses them too, and a write around the functions breaks the check', async () => {
    const good = `Importada.${randomUUID().slice(0, 6)}+tag@Sub.Example.org`;
    const imported = await admin.client.rpc('newsletter_import_subscribers', {
      subscribers: [...HOSTILE.map((email) => ({ email, languages: ['pt'] })), { email: good, languages: ['pt'] }],
    });
    expect(imported.error).toBeNull();
    expect(imported.data).toEqual([{ added: 1, already: 0, invalid: HOSTILE.length }]);
    expect((await stored([good])).map((r) => r.email)).toEqual([good.toLowerCase()]);
    expect(await stored(HOSTILE)).toEqual([]);
    const written = await backend
      .sql(`insert into public.newsletter_subscribers (email, languages) values ('root,victim@example.com', '{pt}')`)
      .then(() => null, (e: { code?: string }) => e.code);
    expect(written).toBe('23514');
    const [check] = await backend.sql<{ validated: boolean }>(
      `select convalidated as validated from pg_constraint where conname = 'newsletter_subscribers_email_valid'`,
    );
    expect(check!.validated).toBe(true);
  });

  it('takes an address with a tag, dots and subdomains: stored, counted and mailed as the same one', async () => {
    const id = randomUUID().slice(0, 6);
    const typed = ` Ana.Maria-${id}+News@Mail.Example.co.uk `;
    const address = `ana.maria-${id}+news@mail.example.co.uk`;
    expect((await subscribe(typed)).error).toBeNull();
    expect((await stored([address])).map((r) => r.email)).toEqual([address]);
    await backend.drainMail();
    const mails = sink.current!.received.filter((m) => m.envelope.to.includes(address));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.envelope.to).toEqual([address]);
    const to = mails[0]!.parsed.to;
    expect(to && !Array.isArray(to) ? to.value : []).toEqual([{ name: '', address }]);
    // Counted as one mailbox with the row it is: two more requests pass, the fourth within the hour does not.
    expect((await subscribe(`ana.maria-${id}+outra@mail.example.co.uk`)).error).toBeNull();
    expect((await subscribe(`ANA.MARIA-${id}@MAIL.EXAMPLE.CO.UK`)).error).toBeNull();
    expect((await subscribe(`ana.maria-${id}@mail.example.co.uk`)).error?.message).toBe('newsletter_address_limit');
  });
});

describe.each(targets)('the rule over a database that already holds such addresses, on $name', (target: Target) => {
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let before: string;

  beforeAll(async () => {
    before = mkdtempSync(path.join(tmpdir(), 'before-mailbox-rule-'));
    for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < RULE_MIGRATION)) {
      copyFileSync(path.join(MIGRATIONS, file), path.join(before, file));
    }
    if (target.name === 'PostgreSQL') {
      const fresh = await createDatabase(target.serverUrl!);
      drop = fresh.drop;
      db = await openPostgres(fresh.url);
    } else {
      db = await openPglite(undefined);
    }
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await drop?.();
    rmSync(before, { recursive: true, force: true });
  });

  const options = (migrationsDir: string) => ({
    migrationsDir,
    seedFile: undefined,
    ...(target.name === 'PostgreSQL' ? { migrationRole: HOSTED_MIGRATION_ROLE } : {}),
  });

  it('applies: a pending one is forgotten, a confirmed one stays on her list and receives nothing', { timeout: 120_000 }, async () => {
    await migrate(db, options(before));
    await db.query(
      `insert into public.newsletter_subscribers (email, languages, status, confirmed_at, requested_languages, confirm_token_hash, confirm_sent_at)
       values ('x<attacker@evil.test>.y', '{pt}', 'pending', null, '{pt}', sha256('a'), now()),
              ('root,victim@example.com', '{pt}', 'confirmed', now(), '{pt,en}', sha256('b'), now()),
              ('ana@example.com', '{pt}', 'confirmed', now(), null, null, null)`,
    );
    await db.query(
      `insert into private.mail_queue (kind, recipient, language, payload)
       values ('newsletter_confirm', 'x<attacker@evil.test>.y', 'pt', '{"token": "t"}'),
              ('newsletter_test', 'root,victim@example.com', 'pt', '{}')`,
    );

    await migrate(db, options(MIGRATIONS));

    const rows = await db.query<{ email: string; requested_languages: string[] | null }>(
      `select email, requested_languages from public.newsletter_subscribers order by email`,
    );
    expect(rows.rows).toEqual([
      { email: 'ana@example.com', requested_languages: null },
      { email: 'root,victim@example.com', requested_languages: null },
    ]);
    const mails = await db.query<{ kind: string; recipient: string; state: string }>(`select kind, recipient, state from private.mail_queue order by id`);
    expect(mails.rows).toEqual([
      { kind: 'newsletter_confirm', recipient: '', state: 'cancelled' },
      { kind: 'newsletter_test', recipient: 'root,victim@example.com', state: 'cancelled' },
    ]);
    // Kept as she had it, so the check waits for her to remove it.
    const [check] = (await db.query<{ validated: boolean }>(`select convalidated as validated from pg_constraint where conname = 'newsletter_subscribers_email_valid'`)).rows;
    expect(check!.validated).toBe(false);

    // A post for the subscribers reaches the one real mailbox only.
    await db.query(
      `insert into public.blog_posts (title, excerpt, content, category, language, published, newsletter) values ('Nova', 'r', 't', 'Outros', 'pt', true, true)`,
    );
    await db.query(`select private.newsletter_enqueue_due()`);
    const posts = await db.query<{ recipient: string }>(`select recipient from private.mail_queue where kind = 'newsletter_post'`);
    expect(posts.rows).toEqual([{ recipient: 'ana@example.com' }]);
    // Her housekeeping runs over the kept row without tripping on the check.
    await db.query(`select private.newsletter_forget_unconfirmed()`);
  });
});
