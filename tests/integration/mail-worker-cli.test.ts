/**
 * `npm run mail-worker` (issue 25): the mail worker of a hosted project, run
 * against its database as that project's `postgres` (here the hosted-shaped
 * role the PostgreSQL runs migrate as: no superuser), with --once as a
 * scheduled job runs it: it queues the post that became public, sends it to
 * the subscribers through SMTP with links to SITE_URL, and exits 0. Without
 * what it needs it says what to set and exits 2.
 */
import path from 'node:path';
import pg from 'pg';
import { main } from '../../server/cli/mail-worker.ts';
import { PROJECT_ROOT } from '../../server/config.ts';
import { openDatabase } from '../../server/db/open.ts';
import { startSmtpSink, type SmtpSink } from '../../server/mail/testing/smtp-sink.ts';
import { createDatabase, HOSTED_MIGRATION_ROLE, targets } from './harness.ts';

async function quietly<T>(run: () => Promise<T>): Promise<{ result: T; stderr: string }> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  try {
    return { result: await run(), stderr: lines.join('\n') };
  } finally {
    spy.mockRestore();
  }
}

describe.each(targets)('npm run mail-worker on $name', (target) => {
  it('says what to set when something is missing, and exits 2', async () => {
    const { result, stderr } = await quietly(() => main(['--once'], { SITE_URL: 'https://example.com' }));
    expect(result).toBe(2);
    expect(stderr).toContain('DATABASE_URL is not set');
    const noSmtp = await quietly(() => main(['--once'], { DATABASE_URL: 'postgres://x@127.0.0.1/x', SITE_URL: 'https://example.com' }));
    expect(noSmtp.result).toBe(2);
    expect(noSmtp.stderr).toContain('SMTP_URL is not set');
    expect((await quietly(() => main(['--sometimes'], {}))).result).toBe(2);
  });

  if (target.name !== 'PostgreSQL') return;

  let sink: SmtpSink;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ url, drop } = await createDatabase(target.serverUrl!));
    const { db } = await openDatabase({
      databaseUrl: url, dataDir: undefined, inMemory: false, migrationRole: HOSTED_MIGRATION_ROLE,
      migrationsDir: path.join(PROJECT_ROOT, 'supabase', 'migrations'), seedFile: undefined,
    });
    try {
      await db.query(
        `insert into public.newsletter_subscribers (email, languages, status, confirmed_at)
         values ('ana@example.com', '{pt}', 'confirmed', now()), ('bob@example.com', '{en}', 'confirmed', now())`,
      );
      await db.query(
        `insert into public.blog_posts (title, excerpt, content, category, language, published, newsletter, slug)
         values ('Para a lista', 'Resumo', 'Texto.', 'Outros', 'pt', true, true, 'para-a-lista')`,
      );
    } finally {
      await db.close();
    }
  });
  afterAll(async () => {
    await sink?.close();
    await drop?.();
  });

  it("sends what is due as the project's postgres, with links to SITE_URL, and exits", { timeout: 60_000 }, async () => {
    // The hosted-shaped owner of the tables, not the superuser this URL signs in as.
    const asOwner = new URL(url);
    asOwner.searchParams.set('options', `-c role=${HOSTED_MIGRATION_ROLE}`);
    const { result, stderr } = await quietly(() =>
      main(['--once'], {
        DATABASE_URL: asOwner.toString(), SITE_URL: 'https://helena.example', SMTP_URL: sink.url, MAIL_FROM: 'Helena <noreply@helena.example>',
        // A static site: mail clients POST the one-click unsubscribe to the Edge Function.
        MAIL_ONE_CLICK_URL: 'https://project.supabase.example/functions/v1/newsletter-unsubscribe',
      }),
    );
    expect(result, stderr).toBe(0);
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['ana@example.com']]);
    const mail = sink.received[0]!.parsed;
    expect(mail.subject).toBe('Para a lista');
    expect(mail.text).toContain('https://helena.example/pt/para-a-lista?ref=newsletter');
    expect(mail.text).toMatch(/https:\/\/helena\.example\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}&lang=pt/);
    const listUnsubscribe = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    expect(listUnsubscribe).toMatch(/<https:\/\/project\.supabase\.example\/functions\/v1\/newsletter-unsubscribe\?token=[0-9a-f-]{36}&lang=pt>/);

    // While one --once run is still sending, a second leaves it the work (two would double MAIL_RATE).
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query(`select pg_advisory_lock(hashtext('mail-worker --once'))`);
      const overlapping = await quietly(() => main(['--once'], { DATABASE_URL: asOwner.toString(), SITE_URL: 'https://helena.example', SMTP_URL: sink.url, MAIL_FROM: 'noreply@helena.example' }));
      expect(overlapping.result).toBe(0);
      expect(overlapping.stderr).toContain('the previous --once run is still sending');
    } finally {
      await holder.end();
    }

    // A second run finds nothing new: the post went once.
    expect((await quietly(() => main(['--once'], { DATABASE_URL: asOwner.toString(), SITE_URL: 'https://helena.example', SMTP_URL: sink.url, MAIL_FROM: 'noreply@helena.example' }))).result).toBe(0);
    expect(sink.received).toHaveLength(1);
  });
});
