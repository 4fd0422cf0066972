/**
 * A crash at any line loses nothing and repeats nothing (issue 25): the
 * server, killed with SIGKILL in the middle of sending a post to 500
 * subscribers and started again, delivers each of the 500 mails exactly once
 * — counted by a real SMTP server in this process, which keeps only what it
 * answered 250 to. On PGlite (the next start takes over the claims of the
 * dead run at once) and PostgreSQL (the claims lapse with their lease).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config.ts';
import { openDatabase } from '../../server/db/open.ts';
import { startSmtpSink, type SmtpSink } from '../../server/mail/testing/smtp-sink.ts';
import { copyPgliteTemplate, createDatabaseFromTemplate, type TemplateSpec } from '../../server/db/testing/templates.ts';
import { targets } from './harness.ts';

/** The schema without the demo content: the test writes its own list and post. */
const UNSEEDED: TemplateSpec = { migrationsDir: path.join(PROJECT_ROOT, 'supabase', 'migrations'), seedFile: undefined };

const SUBSCRIBERS = 500;
const ENGLISH_ONLY = 50;
const LEASE_MS = 2_000;

function startChild(settings: { dataDir?: string; databaseUrl?: string; smtpUrl: string }): { child: ChildProcess; ready: Promise<void>; exited: Promise<NodeJS.Signals | number | null> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'server', 'mail', 'testing', 'server-child.ts'), JSON.stringify({ ...settings, leaseMs: LEASE_MS })],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready ')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return { child, ready, exited };
}

describe.each(targets)('a send killed halfway on $name', (target) => {
  let sink: SmtpSink;
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  const children: ChildProcess[] = [];

  const open = () => openDatabase({
    dataDir, databaseUrl, inMemory: false,
    migrationsDir: path.join(PROJECT_ROOT, 'supabase', 'migrations'), seedFile: undefined,
  });

  beforeAll(async () => {
    sink = await startSmtpSink({ parse: false });
    if (target.name === 'PostgreSQL') ({ url: databaseUrl, drop } = await createDatabaseFromTemplate(target.serverUrl!, UNSEEDED));
    else {
      dataDir = mkdtempSync(path.join(tmpdir(), 'newsletter-crash-'));
      await copyPgliteTemplate(dataDir, UNSEEDED);
    }
    const { db } = await open();
    try {
      await db.query(
        `insert into public.newsletter_subscribers (email, languages, status, confirmed_at)
         select 'reader-' || i || '@example.com', case when i <= $1::int then '{pt}'::text[] else '{en}'::text[] end, 'confirmed', now()
           from generate_series(1, $1::int + $2::int) i`,
        [SUBSCRIBERS, ENGLISH_ONLY],
      );
      await db.query(
        `insert into public.blog_posts (title, excerpt, content, category, language, published, newsletter)
         values ('Quinhentos leitores', 'Um post para todos', 'Texto do post.', 'Outros', 'pt', true, true)`,
      );
    } finally {
      await db.close();
    }
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await sink.close();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers each mail exactly once after a SIGKILL and a new start', { timeout: 240_000 }, async () => {
    const first = startChild({ dataDir, databaseUrl, smtpUrl: sink.url });
    children.push(first.child);
    await first.ready;
    // Killed while it sends: some mails are out, most are not.
    while (sink.received.length < 60) {
      if (first.child.exitCode !== null) throw new Error('the server stopped by itself');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const beforeRestart = sink.received.length;
    expect(beforeRestart).toBeGreaterThan(0);
    expect(beforeRestart).toBeLessThan(SUBSCRIBERS);

    const second = startChild({ dataDir, databaseUrl, smtpUrl: sink.url });
    children.push(second.child);
    await second.ready;
    await sink.waitFor(SUBSCRIBERS, 180_000);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const recipients = sink.received.flatMap((m) => m.envelope.to);
    const counts = new Map<string, number>();
    for (const to of recipients) counts.set(to, (counts.get(to) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n > 1), 'addresses that received the post twice').toEqual([]);
    expect(recipients).toHaveLength(SUBSCRIBERS);
    expect([...counts.keys()].every((to) => Number(/reader-(\d+)@/.exec(to)![1]) <= SUBSCRIBERS), 'only Portuguese subscribers').toBe(true);

    const { db } = await open();
    try {
      const states = (await db.query<{ state: string; n: number }>(
        `select state, count(*)::int as n from private.mail_queue where kind = 'newsletter_post' group by state`,
      )).rows;
      expect(states).toEqual([{ state: 'sent', n: SUBSCRIBERS }]);
    } finally {
      await db.close();
    }
  });
});
