/**
 * The outbox folder (development) and the in-memory transport: a mail shows
 * only once finished, owner-only, and the reader the tests use parses it.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { composeMail, type OutgoingMail } from '../compose.ts';
import { readOutbox, waitForOutbox } from '../outbox-reader.ts';
import { createTransport } from './index.ts';
import { createMemoryTransport } from './memory.ts';
import { createOutboxTransport } from './outbox.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mail-outbox-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const envelope = (to: string) => ({ from: 'noreply@localhost', to });

function mail(to: string, subject = 'Recupere sua senha — ação'): Promise<Buffer> {
  const outgoing: OutgoingMail = {
    to,
    from: '"Diário da Ana" <noreply@localhost>',
    subject,
    text: 'Abra: http://127.0.0.1:8080/auth/v1/verify?token=abc',
    html: '<p><a href="http://127.0.0.1:8080/auth/v1/verify?token=abc">Abra</a></p>',
    messageId: `<auth.${to}@localhost>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
  return composeMail(outgoing);
}

describe('the outbox folder', () => {
  it('holds a prepared mail as .partial, owner-only, unseen by readOutbox; finish() makes it a mail', async () => {
    const transport = createOutboxTransport(dataDir);
    const prepared = await transport.prepare(envelope('ana@example.org'), await mail('ana@example.org'));
    const outbox = path.join(dataDir, 'outbox');
    const [partial] = await readdir(outbox);
    expect(partial).toMatch(/\.eml\.partial$/);
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(outbox, partial!))).mode & 0o777).toBe(0o600);
    expect(await readOutbox(dataDir, 'ana@example.org')).toEqual([]);

    await prepared.finish();
    const [finished] = await readdir(outbox);
    expect(finished).toBe(partial!.replace(/\.partial$/, ''));
    expect((await stat(path.join(outbox, finished!))).mode & 0o777).toBe(0o600);
    const [read] = await readOutbox(dataDir, 'ana@example.org');
    expect(read).toMatchObject({
      to: 'ana@example.org',
      subject: 'Recupere sua senha — ação',
      text: 'Abra: http://127.0.0.1:8080/auth/v1/verify?token=abc',
      html: '<p><a href="http://127.0.0.1:8080/auth/v1/verify?token=abc">Abra</a></p>',
      messageId: '<auth.ana@example.org@localhost>',
    });
    expect(read!.headers.get('auto-submitted')).toBe('auto-generated');
    expect(read!.raw).toMatch(/^Subject: =\?UTF-8\?/m);
  });

  it('forgets an aborted mail', async () => {
    const transport = createOutboxTransport(dataDir);
    const prepared = await transport.prepare(envelope('ana@example.org'), await mail('ana@example.org'));
    await prepared.abort();
    expect(await readdir(path.join(dataDir, 'outbox'))).toEqual([]);
  });

  it('is read per address, oldest first', async () => {
    const transport = createOutboxTransport(dataDir);
    for (const [to, subject] of [
      ['ana@example.org', 'um'],
      ['bia@example.org', 'outra'],
      ['ANA@example.org', 'dois'],
      ['ana@example.org', 'três'],
    ] as const) {
      await (await transport.prepare(envelope(to), await mail(to, subject))).finish();
    }
    expect((await readOutbox(dataDir, 'ana@example.org')).map((m) => m.subject)).toEqual(['um', 'dois', 'três']);
    expect((await readOutbox(dataDir, 'bia@example.org')).map((m) => m.subject)).toEqual(['outra']);
    // Another address that contains this one is someone else.
    expect(await readOutbox(dataDir, 'na@example.org')).toEqual([]);
  });

  it('reads nothing from a data directory without an outbox', async () => {
    expect(await readOutbox(path.join(dataDir, 'none'), 'ana@example.org')).toEqual([]);
  });
});

describe('waitForOutbox', () => {
  it('returns once the mails are there', async () => {
    const transport = createOutboxTransport(dataDir);
    const waiting = waitForOutbox(dataDir, 'ana@example.org', 2);
    await (await transport.prepare(envelope('ana@example.org'), await mail('ana@example.org', 'um'))).finish();
    await (await transport.prepare(envelope('ana@example.org'), await mail('ana@example.org', 'dois'))).finish();
    expect((await waiting).map((m) => m.subject)).toEqual(['um', 'dois']);
  });

  it('says how many arrived when they do not', async () => {
    await expect(waitForOutbox(dataDir, 'ana@example.org', 1, 0)).rejects.toThrow(/Expected 1 mail\(s\) to ana@example\.org in .*outbox within 0 ms; 0 arrived/);
  });
});

describe('createTransport', () => {
  it('is SMTP given SMTP_URL, else the outbox with a data directory, else memory', () => {
    const config = { from: 'noreply@localhost', ratePerMinute: 300 };
    expect(createTransport({ ...config, smtpUrl: 'smtp://u:secret@smtp.example.com:2525' }, dataDir).description).toBe('SMTP smtp.example.com:2525');
    expect(createTransport({ ...config, smtpUrl: undefined }, dataDir).description).toBe(`outbox folder ${path.join(dataDir, 'outbox')}`);
    expect(createTransport({ ...config, smtpUrl: undefined }, undefined).description).toBe('memory (no data directory)');
  });
});

it('the memory transport keeps finished mails only', async () => {
  const transport = createMemoryTransport();
  const kept = await mail('ana@example.org', 'kept');
  await (await transport.prepare(envelope('ana@example.org'), kept)).finish();
  await (await transport.prepare(envelope('ana@example.org'), await mail('ana@example.org', 'dropped'))).abort();
  expect(transport.sent).toEqual([kept]);
});
