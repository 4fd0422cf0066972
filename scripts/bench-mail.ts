/**
 * `npm run bench`'s newsletter figures (issue 25): one post sent to 1,000 and
 * to 10,000 subscribers by the backend's mail worker, in a process of its own,
 * through a real SMTP server in this process (smtp-server, as the tests use),
 * unthrottled: the time, the mails per second, and the worker process's
 * memory before and at its peak (it must not grow with the list: the queue is
 * in the database and claimed 50 at a time). Baselines measured in the same
 * child, on the same database and SMTP server: the same message sent as many
 * times on one connection with no database, as many single-row commits on
 * the queue, and as many MIME compositions. BENCH_ONLY=mail runs only this.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../server/config.ts';
import { startSmtpSink } from '../server/mail/testing/smtp-sink.ts';

const MB = 1024 * 1024;

interface SendFigures {
  count: number;
  sent: number;
  seconds: number;
  startRssBytes: number;
  peakRssBytes: number;
  composeSeconds?: number;
  smtpSeconds?: number;
  sqlSeconds?: number;
}

async function runSend(smtpUrl: string, count: number, baselines: boolean): Promise<SendFigures> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'bench-mail-child.ts'), smtpUrl, String(count), ...(baselines ? ['--baselines'] : [])],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = /BENCH (\{.*\})/.exec(stdout)?.[1];
  if (code !== 0 || !line) throw new Error(`the mail bench's child failed (exit ${code}): ${stdout.slice(-500)}`);
  return JSON.parse(line) as SendFigures;
}

export async function benchMail(): Promise<void> {
  const sink = await startSmtpSink({ parse: false });
  try {
    console.log('\nNewsletter (one post to N subscribers; the mail worker in its own process, a real SMTP server in this one, no MAIL_RATE limit):');
    const runs: SendFigures[] = [];
    for (const count of [1_000, 10_000]) {
      const before = sink.received.length;
      const f = await runSend(sink.url, count, count === 10_000);
      const arrived = sink.received.length - before - (f.smtpSeconds !== undefined ? count : 0);
      runs.push(f);
      console.log(
        `  ${String(count).padStart(6)} subscribers: ${f.seconds.toFixed(1)} s (${(count / f.seconds).toFixed(0)} mails/s), ` +
          `${f.sent} marked sent, ${arrived} arrived; worker process RSS ${(f.startRssBytes / MB).toFixed(0)} MB before, peak ${(f.peakRssBytes / MB).toFixed(0)} MB`,
      );
      if (f.smtpSeconds !== undefined && f.sqlSeconds !== undefined && f.composeSeconds !== undefined) {
        const floor = f.smtpSeconds + f.sqlSeconds + f.composeSeconds;
        console.log(
          `  baseline, same child: the message sent ${count} times on one connection, no database ${f.smtpSeconds.toFixed(1)} s; ` +
            `${count} single-row commits on the queue ${f.sqlSeconds.toFixed(1)} s; ${count} MIME compositions ${f.composeSeconds.toFixed(1)} s; ` +
            `sum ${floor.toFixed(1)} s → the worker takes ${(f.seconds / floor).toFixed(2)} × the sum of its parts`,
        );
      }
    }
    const [small, large] = runs as [SendFigures, SendFigures];
    console.log(
      `  peak memory grew ${((large.peakRssBytes - large.startRssBytes - (small.peakRssBytes - small.startRssBytes)) / MB).toFixed(0)} MB ` +
        `from ${small.count} to ${large.count} subscribers`,
    );
  } finally {
    await sink.close();
  }
}
