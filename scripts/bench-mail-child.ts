/**
 * One newsletter send in a process of its own, for scripts/bench-mail.ts: a
 * backend on a new embedded database whose mail worker sends one post to
 * `count` Portuguese subscribers through SMTP_URL (the bench's in-process
 * SMTP server), unthrottled; then, with `--baselines`, the same work without
 * the worker: the message sent `count` times on one connection with no
 * database, `count` single-row commits on the queue, and `count` MIME
 * compositions. One JSON line on stdout. RSS is sampled (Linux keeps a forked
 * process's ru_maxrss across exec).
 */
import { startServer } from '../server/index.ts';
import { composeMail } from '../server/mail/compose.ts';
import { createSmtpTransport } from '../server/mail/transport/smtp.ts';

const [smtpUrl, countText, flag] = process.argv.slice(2);
const count = Number(countText);
const from = 'Helena Duarte <noreply@helena.example>';

let peakRssBytes = process.memoryUsage.rss();
const sampler = setInterval(() => (peakRssBytes = Math.max(peakRssBytes, process.memoryUsage.rss())), 50);

const server = await startServer({
  port: 0,
  inMemory: true,
  seedFile: false,
  mail: { smtpUrl, from, ratePerMinute: 100_000_000, idleMs: 200 },
});
const { db } = server;
const content = Array.from({ length: 12 }, (_, i) => `Parágrafo ${i + 1} de um post de tamanho comum, com **ênfase**, [um link](/pt/outro) e acentos: ação, coração.`).join('\n\n');
await db.query(
  `insert into public.newsletter_subscribers (email, languages, status, confirmed_at)
   select 'reader-' || i || '@example.com', '{pt}', 'confirmed', now() from generate_series(1, $1::int) i`,
  [count],
);
const startRssBytes = process.memoryUsage.rss();
peakRssBytes = startRssBytes;
const started = performance.now();
await db.query(
  `insert into public.blog_posts (title, excerpt, content, category, language, published, newsletter)
   values ('Um post para a lista', 'O resumo do post', $1, 'Outros', 'pt', true, true)`,
  [content],
);
server.mailWorker.wake();
// The first look queues the post; drain resolves at the first look that finds nothing due.
await server.mailWorker.drain();
await server.mailWorker.drain();
const seconds = (performance.now() - started) / 1000;
const workerPeakRssBytes = peakRssBytes;
const sent = Number((await db.query<{ n: number }>(`select count(*)::int as n from private.mail_queue where state = 'sent' and kind = 'newsletter_post'`)).rows[0]!.n);

const figures: Record<string, number> = { count, sent, seconds, startRssBytes, peakRssBytes: workerPeakRssBytes };
if (flag === '--baselines') {
  const mail = {
    to: 'reader-1@example.com', from, subject: 'Um post para a lista', text: content, html: `<p>${content}</p>`,
    messageId: '<bench@helena.example>', headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
  let t = performance.now();
  for (let i = 0; i < count; i++) await composeMail({ ...mail, to: `reader-${i}@example.com` });
  figures.composeSeconds = (performance.now() - t) / 1000;

  const raw = await composeMail(mail);
  const transport = createSmtpTransport(smtpUrl!);
  t = performance.now();
  for (let i = 0; i < count; i++) {
    const prepared = await transport.prepare({ from: 'noreply@helena.example', to: `reader-${i}@example.com` }, raw);
    await prepared.finish();
  }
  figures.smtpSeconds = (performance.now() - t) / 1000;
  await transport.close();

  const ids = (await db.query<{ id: string }>(`select id::text from private.mail_queue where kind = 'newsletter_post' order by id`)).rows;
  t = performance.now();
  for (const { id } of ids) await db.query(`update private.mail_queue set sent_at = now() where id = $1`, [id]);
  figures.sqlSeconds = (performance.now() - t) / 1000;
}
clearInterval(sampler);
await server.close();
process.stdout.write(`\nBENCH ${JSON.stringify(figures)}\n`);
process.exit(0);
