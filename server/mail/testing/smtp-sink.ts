/**
 * A real SMTP server in the test process (smtp-server), on 127.0.0.1 and a
 * free port, that keeps what it accepts: what the tests and the bench send
 * mail to. It requires AUTH, so a transport that forgets the credentials of
 * its URL fails as against a real provider, and it can be told to refuse.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  /** mailparser's reading of raw (throws when the sink was started with parse: false). */
  parsed: ParsedMail;
}

export interface Refusal {
  code: number;
  message: string;
  /** When: at RCPT TO (default), or after the whole message, in the answer to its end. */
  at?: 'rcpt' | 'data';
}

export interface SmtpSink {
  /** smtp://user:pass@127.0.0.1:<port> (AUTH PLAIN/LOGIN with those credentials; no TLS: loopback). */
  url: string;
  /** Accepted messages only (the server answered 250), oldest first. */
  received: ReceivedMail[];
  /** Script answers: `attempt` counts the RCPT TO of that address from 1. The last rule given replaces the one before. */
  refuse(rule: (to: string, attempt: number) => Refusal | undefined): void;
  /** Called for each message before the 250 is sent; the answer waits for a promise it returns. */
  onMessage(listener: (mail: ReceivedMail) => void | Promise<void>): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /**
   * Closes every open client connection as a server does after its idle timeout (421, then close), or
   * with 'reset' as a crashed server or a middlebox does (a TCP reset, no answer); resolves when they are
   * closed on both sides, so after a 421 the client has read it.
   */
  dropConnections(how?: 'close' | 'reset'): Promise<void>;
  close(): Promise<void>;
}

type Session = SMTPServerSession & { refusalAtData?: Refusal };

function smtpError(refusal: Refusal): Error & { responseCode: number } {
  return Object.assign(new Error(refusal.message), { responseCode: refusal.code });
}

export async function startSmtpSink(options: { parse?: boolean } = {}): Promise<SmtpSink> {
  const parse = options.parse ?? true;
  const user = 'sink';
  // Characters a URL must escape, so a transport that does not decode its URL fails to sign in.
  const pass = `p@ss/${randomBytes(6).toString('hex')}`;
  const received: ReceivedMail[] = [];
  const listeners: ((mail: ReceivedMail) => void | Promise<void>)[] = [];
  const attempts = new Map<string, number>();
  let rule: (to: string, attempt: number) => Refusal | undefined = () => undefined;
  const arrivals = new Set<() => void>();
  /** Called with the id of each connection once its socket closed on both sides. */
  const closings = new Set<(id: string) => void>();

  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 1000,
    onClose(session) {
      for (const closed of closings) closed(session.id);
    },
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, session: Session, callback) {
      const to = address.address;
      const attempt = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, attempt);
      const refusal = rule(to, attempt);
      if (refusal?.at === 'data') session.refusalAtData = refusal;
      else if (refusal) return callback(smtpError(refusal));
      callback();
    },
    onData(stream, session: Session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A client gone before the end of the message: smtp-server destroys the stream, nothing is kept.
      stream.on('error', () => {});
      stream.on('end', async () => {
        const refusal = session.refusalAtData;
        session.refusalAtData = undefined;
        if (refusal) return callback(smtpError(refusal));
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        let parsed: ParsedMail | undefined;
        if (parse) parsed = await simpleParser(raw);
        const mail: ReceivedMail = {
          envelope: { from, to },
          raw,
          get parsed(): ParsedMail {
            if (!parsed) throw new Error('This sink was started with parse: false');
            return parsed;
          },
        };
        try {
          for (const listener of listeners) await listener(mail);
        } catch (e) {
          return callback(smtpError({ code: 451, message: `sink listener failed: ${String(e)}` }));
        }
        callback();
        received.push(mail);
        for (const arrived of arrivals) arrived();
      });
    },
  });
  // A client that goes away is no failure of the sink.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://${user}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    received,
    refuse(next) {
      rule = next;
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    waitFor(count, timeoutMs = 15_000) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve, reject) => {
        const arrived = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          arrivals.delete(arrived);
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          arrivals.delete(arrived);
          reject(new Error(`The SMTP sink received ${received.length} of ${count} mails within ${timeoutMs} ms`));
        }, timeoutMs);
        arrivals.add(arrived);
      });
    },
    dropConnections(how = 'close') {
      const open = new Set<string>();
      for (const connection of server.connections) {
        open.add(connection.id);
        if (how === 'reset') {
          (connection as unknown as { _socket: Socket })._socket.resetAndDestroy();
          continue;
        }
        connection.send(421, 'Idle too long, closing connection');
        connection.close();
      }
      if (open.size === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const closed = (id: string) => {
          open.delete(id);
          if (open.size > 0) return;
          closings.delete(closed);
          resolve();
        };
        closings.add(closed);
      });
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
