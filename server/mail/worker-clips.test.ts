/**
 * The mail worker sends her new clips (issue 43, decision 293): each
 * subscriber of the clip's language gets the clip's mail, in that language,
 * with the outlet and date as the public pages say them, the links to the
 * piece and to her site, and the subscriber's own way out (link and RFC 8058
 * headers, as a post's). A clip hidden after its mails were queued is
 * postponed, not sent, and goes when it is public again. Over SMTP, on both
 * databases: tests/integration/newsletter-clips.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { PROJECT_ROOT } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { copyPgliteTemplate } from '../db/testing/templates.ts';
import { createMemoryTransport } from './transport/memory.ts';
import { startMailWorker, type MailWorker } from './worker.ts';

const SITE = 'https://helena.example';
let db: Database;
let dataDir: string;
let worker: MailWorker | undefined;
let transport: ReturnType<typeof createMemoryTransport>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mail-worker-clips-'));
  const migrationsDir = path.join(PROJECT_ROOT, 'supabase', 'migrations');
  await copyPgliteTemplate(dataDir, { migrationsDir });
  ({ db } = await openDatabase({ dataDir, migrationsDir }));
  await db.query(
    `insert into public.newsletter_subscribers (email, languages, status, confirmed_at) values
       ('ana@example.com', '{pt}', 'confirmed', now()), ('bia@example.com', '{pt,en}', 'confirmed', now()), ('carl@example.com', '{en}', 'confirmed', now())`,
  );
}, 60_000);

// Each test starts its own worker: none left running sends another test's mails.
beforeEach(async () => {
  await worker?.stop();
  worker = undefined;
});

afterAll(async () => {
  await worker?.stop();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function start() {
  transport = createMemoryTransport();
  worker = startMailWorker({
    db,
    transport,
    site: { siteUrl: SITE, from: { name: 'Helena Duarte', address: 'noreply@helena.example' } },
    ratePerMinute: 100_000,
    idleMs: 10,
    exclusive: true,
  });
  return worker;
}

const received = () => Promise.all(transport.sent.map((raw) => simpleParser(raw)));
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
const header = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
};
const tokenOf = async (email: string) =>
  (await db.query<{ token: string; id: string }>(`select unsubscribe_token::text as token, id::text from public.newsletter_subscribers where email = $1`, [email])).rows[0]!;

async function addClip(fields: Record<string, unknown>): Promise<{ id: string; slug: string }> {
  const columns = Object.keys(fields);
  const r = await db.query<{ id: string; slug: string }>(
    `insert into public.clips (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id::text, slug`,
    Object.values(fields),
  );
  return r.rows[0]!;
}

it('sends a published clip to each subscriber of its language: its words, links, way out and headers', async () => {
  const clip = await addClip({
    title: 'A crise que ninguém viu chegar', language: 'pt', url: 'https://folha.example/2003/crise.html', outlet: 'Folha de S.Paulo',
    byline: 'Helena Duarte', published_on: '2003-04-05', summary: 'Como uma nota mal escrita virou manchete.', newsletter: true, show_archive: true,
  });
  await db.query(`insert into public.clip_copies (clip_id, text_markdown, fetched_at) values ($1, 'O texto.', now())`, [clip.id]);
  const english = await addClip({ title: 'Old news, new lessons', language: 'en', url: 'https://guardian.example/old-news', outlet: 'The Guardian', published_on: '2010-06-05', newsletter: true });

  const w = start();
  await w.drain();
  await w.drain();

  const mails = await received();
  const pt = mails.filter((m) => m.subject === 'A crise que ninguém viu chegar');
  expect(pt.map(to).sort()).toEqual(['ana@example.com', 'bia@example.com']);
  const en = mails.filter((m) => m.subject === 'Old news, new lessons');
  expect(en.map(to).sort()).toEqual(['bia@example.com', 'carl@example.com']);
  expect(mails).toHaveLength(4);

  const ana = pt.find((m) => to(m) === 'ana@example.com')!;
  const { token, id: anaId } = await tokenOf('ana@example.com');
  const copy = `${SITE}/pt/publicacoes/${clip.slug}?ref=newsletter`;
  const unsubscribe = `${SITE}/newsletter/unsubscribe?token=${token}&lang=pt`;
  expect(ana.text).toContain('Publicado originalmente em Folha de S.Paulo, 5 de abril de 2003.');
  expect(ana.text).toContain('Por Helena Duarte');
  expect(ana.text).toContain('Como uma nota mal escrita virou manchete.');
  expect(ana.text).toContain('Ler no veículo: https://folha.example/2003/crise.html');
  expect(ana.text).toContain(`Ler cópia arquivada: ${copy}`);
  expect(ana.text).toContain(`Ver todas as publicações: ${SITE}/pt/publicacoes?ref=newsletter`);
  expect(ana.text).toContain(`Cancelar inscrição: ${unsubscribe}`);
  const hrefs = [...String(ana.html).matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  expect(hrefs).toEqual(expect.arrayContaining([copy, 'https://folha.example/2003/crise.html', unsubscribe]));
  expect(String(ana.html)).toContain('<html lang="pt-BR"');
  expect(header(ana, 'list-unsubscribe')).toBe(`<${unsubscribe}>, <mailto:noreply@helena.example?subject=unsubscribe>`);
  expect(header(ana, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  expect(ana.messageId).toBe(`<clip.${clip.id}.${anaId}@helena.example>`);

  const carl = en.find((m) => to(m) === 'carl@example.com')!;
  expect(carl.text).toContain('Originally published in The Guardian, June 5, 2010.');
  expect(carl.text).toContain('Read at the outlet: https://guardian.example/old-news');
  // No copy shown: her site's link is her published work's list.
  expect(carl.text).not.toContain('Read the archived copy');
  expect(carl.text).toContain(`See all published work: ${SITE}/en/published-work?ref=newsletter`);
  expect(carl.text).toContain(`Unsubscribe: ${SITE}/newsletter/unsubscribe?token=${(await tokenOf('carl@example.com')).token}&lang=en`);
  expect(english.id).toBeTruthy();

  const states = await db.query<{ state: string; n: number }>(`select state, count(*)::int as n from private.mail_queue where kind = 'newsletter_clip' group by state`);
  expect(states.rows).toEqual([{ state: 'sent', n: 4 }]);
});

it('postpones the mails of a clip hidden after they were queued, and sends them when it is public again', async () => {
  const clip = await addClip({ title: 'Escondida a tempo', language: 'pt', url: 'https://estadao.example/escondida', outlet: 'Estadão', newsletter: true });
  // Queued by a look (the worker's entry point), then hidden before any mail went.
  await db.query(`select private.newsletter_enqueue_due()`);
  await db.query(`update public.clips set status = 'hidden' where id = $1`, [clip.id]);

  const w = start();
  await w.drain();
  expect(transport.sent).toHaveLength(0);
  const waiting = await db.query<{ state: string; last_error: string }>(`select state, last_error from private.mail_queue where clip_id = $1`, [clip.id]);
  expect(waiting.rows).toEqual([
    { state: 'queued', last_error: 'waiting: the clip is not public now (hidden while it was being sent)' },
    { state: 'queued', last_error: 'waiting: the clip is not public now (hidden while it was being sent)' },
  ]);

  await db.query(`update public.clips set status = 'published' where id = $1`, [clip.id]);
  await db.query(`update private.mail_queue set next_attempt_at = now() where clip_id = $1`, [clip.id]);
  await w.drain();
  await w.drain();
  expect((await received()).map((m) => `${to(m)} ${m.subject}`).sort()).toEqual(['ana@example.com Escondida a tempo', 'bia@example.com Escondida a tempo']);
});

it('a deleted clip takes its waiting mails with it', async () => {
  const clip = await addClip({ title: 'Apagada', language: 'pt', url: 'https://estadao.example/apagada', newsletter: true });
  await db.query(`select private.newsletter_enqueue_due()`);
  expect((await db.query(`select 1 from private.mail_queue where clip_id = $1`, [clip.id])).rows).toHaveLength(2);
  await db.query(`delete from public.clips where id = $1`, [clip.id]);
  const w = start();
  await w.drain();
  expect(transport.sent).toHaveLength(0);
  expect((await db.query(`select 1 from private.mail_queue where clip_id = $1`, [clip.id])).rows).toHaveLength(0);
});
