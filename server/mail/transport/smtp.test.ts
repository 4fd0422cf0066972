/**
 * The SMTP transport against a real SMTP server in this process (the sink):
 * what arrives, that nothing arrives before finish() nor after abort(), the
 * server's refusals as MailRefused, and the connection's failures as plain errors.
 */
import { readFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { composeMail, formatAddress, type OutgoingMail } from '../compose.ts';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.ts';
import { connectionOptions, createSmtpTransport, handedToSocket } from './smtp.ts';
import { MailNotSent, MailRefused, type MailTransport } from './types.ts';

const FROM = 'noreply@example.com';

function mail(to: string, extra: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    to,
    from: formatAddress('Diário da Ana', FROM),
    subject: 'Confirme sua inscrição — ação',
    text: 'Olá!\nConfirme aqui: https://example.com/newsletter/confirm?token=abc\n.\nUma linha com um ponto só, acima.',
    html: '<p>Olá! <a href="https://example.com/newsletter/confirm?token=abc">Confirmar inscrição</a></p>',
    messageId: `<test.${to}@example.com>`,
    ...extra,
  };
}

async function send(transport: MailTransport, to: string, extra: Partial<OutgoingMail> = {}): Promise<void> {
  const prepared = await transport.prepare({ from: FROM, to }, await composeMail(mail(to, extra)));
  await prepared.finish();
}

let sink: SmtpSink;
let transport: MailTransport;

beforeEach(async () => {
  sink = await startSmtpSink();
  transport = createSmtpTransport(sink.url);
});
afterEach(async () => {
  await transport.close();
  await sink.close();
});

describe('a mail', () => {
  it('arrives with both parts, the UTF-8 subject, the From name, the Message-ID and the headers given', async () => {
    await send(transport, 'leitora@example.org', {
      headers: {
        'List-Unsubscribe': '<https://example.com/newsletter/unsubscribe?token=u1&lang=pt>, <mailto:noreply@example.com?subject=unsubscribe>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const [received] = await sink.waitFor(1);
    expect(received!.envelope).toEqual({ from: FROM, to: ['leitora@example.org'] });
    const parsed = received!.parsed;
    expect(parsed.subject).toBe('Confirme sua inscrição — ação');
    expect(parsed.from?.value).toEqual([{ name: 'Diário da Ana', address: FROM }]);
    expect(parsed.messageId).toBe('<test.leitora@example.org@example.com>');
    expect(parsed.text).toBe(mail('x').text);
    expect(parsed.html).toContain('Confirmar inscrição</a>');
    // mailparser folds List-* headers into one object; the lines show them as sent.
    const line = (key: string) => parsed.headerLines.find((h) => h.key === key)?.line.replace(/\r\n\s+/g, ' ');
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(line('list-unsubscribe')).toBe(
      'List-Unsubscribe: <https://example.com/newsletter/unsubscribe?token=u1&lang=pt>, <mailto:noreply@example.com?subject=unsubscribe>',
    );
  });

  it('prepared is not delivered until finish(), then once', async () => {
    const prepared = await transport.prepare({ from: FROM, to: 'a@example.org' }, await composeMail(mail('a@example.org')));
    // The server has answered 354 and holds the message without its end: it has accepted nothing.
    expect(sink.received).toHaveLength(0);
    await prepared.finish();
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['a@example.org']]);
    await send(transport, 'b@example.org');
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['a@example.org'], ['b@example.org']]);
  });

  it('aborted is never delivered, and the next mail on the same transport is', async () => {
    const seen: string[] = [];
    sink.onMessage((m) => void seen.push(m.envelope.to[0]!));
    const prepared = await transport.prepare({ from: FROM, to: 'dropped@example.org' }, await composeMail(mail('dropped@example.org')));
    await prepared.abort();
    await send(transport, 'next@example.org');
    expect(seen).toEqual(['next@example.org']);
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['next@example.org']]);
  });

  it('of several megabytes arrives whole (the socket fills before the end is sent)', async () => {
    const text = Array.from({ length: 60_000 }, (_, i) => `linha ${i} — ação, com texto bastante para encher o buffer`).join('\n');
    await send(transport, 'big@example.org', { text });
    const [received] = await sink.waitFor(1);
    expect(received!.raw.length).toBeGreaterThan(4_000_000);
    expect(received!.parsed.text?.trimEnd() === text).toBe(true);
  });

  it('after many on one connection leaves no listener behind', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 15; i++) await send(transport, `r${i}@example.org`);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(sink.received).toHaveLength(15);
    expect(warnings.map((w) => w.name)).toEqual([]);
  });

  it('prepared when the transport closes is never delivered', async () => {
    const prepared = await transport.prepare({ from: FROM, to: 'closing@example.org' }, await composeMail(mail('closing@example.org')));
    await transport.close();
    await expect(prepared.finish()).rejects.toBeInstanceOf(MailNotSent);
    await send(transport, 'reopened@example.org');
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['reopened@example.org']]);
  });

  it('is one at a time per transport', async () => {
    const prepared = await transport.prepare({ from: FROM, to: 'one@example.org' }, await composeMail(mail('one@example.org')));
    await expect(transport.prepare({ from: FROM, to: 'two@example.org' }, await composeMail(mail('two@example.org')))).rejects.toThrow(/One mail at a time/);
    await prepared.finish();
    await send(transport, 'two@example.org');
    expect(sink.received).toHaveLength(2);
  });
});

describe("the server's refusals", () => {
  it('550 at RCPT TO is MailRefused for good, and the connection goes on', async () => {
    sink.refuse((to) => (to === 'nobody@example.org' ? { code: 550, message: 'No such user' } : undefined));
    const error = await transport.prepare({ from: FROM, to: 'nobody@example.org' }, await composeMail(mail('nobody@example.org'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailRefused);
    expect(error).toMatchObject({ code: 550, permanent: true, command: 'RCPT TO' });
    expect((error as MailRefused).response).toMatch(/^550 .*No such user/);
    await send(transport, 'somebody@example.org');
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['somebody@example.org']]);
  });

  it('451 is MailRefused to try later, and the second attempt is delivered', async () => {
    sink.refuse((_to, attempt) => (attempt === 1 ? { code: 451, message: 'Try again later' } : undefined));
    const error = await send(transport, 'later@example.org').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailRefused);
    expect(error).toMatchObject({ code: 451, permanent: false });
    await send(transport, 'later@example.org');
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['later@example.org']]);
  });

  it('after the whole message comes from finish()', async () => {
    sink.refuse((to) => (to === 'spam@example.org' ? { code: 554, message: 'Message looks like spam', at: 'data' } : undefined));
    const prepared = await transport.prepare({ from: FROM, to: 'spam@example.org' }, await composeMail(mail('spam@example.org')));
    const error = await prepared.finish().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailRefused);
    expect(error).toMatchObject({ code: 554, permanent: true });
    expect((error as MailRefused).response).toMatch(/spam/);
    expect(sink.received).toHaveLength(0);
    await send(transport, 'fine@example.org');
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['fine@example.org']]);
  });

  it('an address SMTP cannot carry is refused for good without asking the server', async () => {
    const error = await transport.prepare({ from: FROM, to: 'a@example.org>\r\nRCPT TO:<b@example.org' }, Buffer.from('x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailRefused);
    expect(error).toMatchObject({ permanent: true });
  });
});

describe('the connection', () => {
  it('to a server that is down fails with a plain error, not a refusal', async () => {
    const down = await startSmtpSink();
    const url = down.url;
    await down.close();
    const unreachable = createSmtpTransport(url);
    const error = await unreachable.prepare({ from: FROM, to: 'a@example.org' }, Buffer.from('x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MailRefused);
    expect((error as Error).message).toMatch(/Cannot connect to SMTP 127\.0\.0\.1:\d+: .*ECONNREFUSED/);
    await unreachable.close();
  });

  it('is opened again after the server closed it', async () => {
    await send(transport, 'first@example.org');
    const second = await composeMail(mail('second@example.org'));
    // Not awaited: the next mail starts on the connection being closed, and the 421 answers its MAIL FROM.
    void sink.dropConnections();
    await (await transport.prepare({ from: FROM, to: 'second@example.org' }, second)).finish();
    // Awaited: the client has read the 421 and closed before the next mail.
    await sink.dropConnections();
    await send(transport, 'third@example.org');
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['first@example.org'], ['second@example.org'], ['third@example.org']]);
  });

  it('reset by the server while idle is opened again, and the reset is no uncaught error', async () => {
    await send(transport, 'first@example.org');
    await sink.dropConnections('reset');
    await send(transport, 'second@example.org');
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['first@example.org'], ['second@example.org']]);
  });

  it('lost while a mail is prepared makes finish() reject with MailNotSent', async () => {
    const prepared = await transport.prepare({ from: FROM, to: 'cut@example.org' }, await composeMail(mail('cut@example.org')));
    await sink.dropConnections();
    await expect(prepared.finish()).rejects.toBeInstanceOf(MailNotSent);
    expect(sink.received).toHaveLength(0);
    await send(transport, 'after@example.org');
    expect(sink.received.map((m) => m.envelope.to)).toEqual([['after@example.org']]);
  });

  it('with a wrong password fails with a clear error that does not repeat it', async () => {
    const wrong = new URL(sink.url);
    wrong.password = 'not-the-password';
    const badTransport = createSmtpTransport(wrong.href);
    const error = await badTransport.prepare({ from: FROM, to: 'a@example.org' }, Buffer.from('x')).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(MailRefused);
    expect((error as Error).message).toMatch(/did not accept the user name and password of SMTP_URL: 535 .*Check them/);
    expect((error as Error).message).not.toContain('not-the-password');
    expect(sink.received).toHaveLength(0);
    await badTransport.close();
  });

  it('never offers the password without TLS when TLS is required', async () => {
    const strict = createSmtpTransport(sink.url, { requireTls: true });
    const error = await strict.prepare({ from: FROM, to: 'a@example.org' }, Buffer.from('x')).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/STARTTLS.*TLS is required/);
    expect(sink.received).toHaveLength(0);
    await strict.close();
  });

  it('is described without its password', () => {
    expect(transport.description).toMatch(/^SMTP 127\.0\.0\.1:\d+$/);
  });
});

describe('STARTTLS', () => {
  const fixtures = path.join(import.meta.dirname, '../testing/fixtures');
  const cert = readFileSync(path.join(fixtures, 'localhost-cert.pem'));
  let tlsServer: SMTPServer;
  let port: number;
  const arrived: { secure: boolean; raw: Buffer }[] = [];

  beforeAll(async () => {
    tlsServer = new SMTPServer({
      key: readFileSync(path.join(fixtures, 'localhost-key.pem')),
      cert,
      authMethods: ['PLAIN'],
      disableReverseLookup: true,
      logger: false,
      onAuth: (auth, session, callback) =>
        session.secure && auth.username === 'u' && auth.password === 'p' ? callback(null, { user: 'u' }) : callback(new Error('no')),
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          arrived.push({ secure: session.secure, raw: Buffer.concat(chunks) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', () => resolve()));
    port = (tlsServer.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => tlsServer.close(() => resolve())));

  it('carries the credentials and a large mail over TLS', async () => {
    const secure = createSmtpTransport(`smtp://u:p@localhost:${port}`, { requireTls: true, tls: { ca: cert } });
    const text = 'x'.repeat(3_000_000);
    await send(secure, 'tls@example.org', { text });
    await secure.close();
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.secure).toBe(true);
    expect((await simpleParser(arrived[0]!.raw)).text?.trimEnd() === text).toBe(true);
  });
});

describe('when TLS is required', () => {
  it('for credentials sent beyond this machine, and not for loopback or without credentials', () => {
    expect(connectionOptions('smtp://u:p@smtp.example.com:587').connection).toMatchObject({ host: 'smtp.example.com', port: 587, secure: false, requireTLS: true });
    expect(connectionOptions('smtp://u:p@127.0.0.1:2525').connection.requireTLS).toBe(false);
    expect(connectionOptions('smtp://u:p@localhost').connection).toMatchObject({ port: 587, requireTLS: false });
    expect(connectionOptions('smtp://u:p@[::1]:25').connection).toMatchObject({ host: '::1', requireTLS: false });
    expect(connectionOptions('smtp://relay.internal:25').connection.requireTLS).toBe(false);
    expect(connectionOptions('smtps://u:p@smtp.example.com').connection).toMatchObject({ port: 465, secure: true });
    expect(connectionOptions('smtp://u%40x:p%2Fw%40@h').auth).toEqual({ user: 'u@x', pass: 'p/w@' });
  });
});

describe('handedToSocket', () => {
  let server: Server;
  const sockets: Socket[] = [];
  beforeEach(async () => {
    server = createServer((peer) => sockets.push(peer));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('waits until the socket has written every byte of the data stream', async () => {
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const client = createConnection((server.address() as AddressInfo).port, '127.0.0.1');
    sockets.push(client);
    await new Promise((resolve) => client.once('connect', resolve));
    const peer = await accepted;
    peer.pause();
    const dataStream = new PassThrough();
    dataStream.pipe(client, { end: false });
    dataStream.write(Buffer.alloc(64 * 1024 * 1024, 0x61));
    let done = false;
    const handed = handedToSocket(dataStream, client, new AbortController().signal).then(() => (done = true));
    // The peer reads nothing: what the kernel does not take waits in the socket's buffer.
    while (client.writableLength === 0) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    peer.resume();
    await handed;
    expect(client.writableLength).toBe(0);
    expect(dataStream.readableLength).toBe(0);
  });
});
