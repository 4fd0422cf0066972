/**
 * Mail over SMTP with nodemailer's SMTPConnection, one connection kept open
 * and reused. SMTPConnection.send() pipes the message stream it is given into
 * its DATA stream only once the server answered DATA with 354, and writes the
 * terminating dot when that stream ends; so the message stream here is one
 * that never ends until finish(), and its pipe() is where the 354 is seen.
 */
import { once } from 'node:events';
import { isIP } from 'node:net';
import type { Socket } from 'node:net';
import { Readable, type Writable } from 'node:stream';
import type { ConnectionOptions } from 'node:tls';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { MailNotSent, MailRefused, type Envelope, type MailTransport, type PreparedMail } from './types.ts';

export interface SmtpTransportOptions {
  /** How long connecting, the greeting and STARTTLS may take (default 30 s). */
  connectionTimeoutMs?: number;
  /** STARTTLS even where it is not required (loopback, no credentials). */
  requireTls?: boolean;
  /** tls.connect options, e.g. the CA of a test server. */
  tls?: ConnectionOptions;
}

/** How long a connection with nothing to send stays open. Servers close idle sessions after a few minutes anyway. */
const IDLE_MS = 30_000;
/** The longest silence from the server while it owes an answer (RFC 5321 allows up to 10 minutes for the end of data). */
const SOCKET_TIMEOUT_MS = 5 * 60_000;

type Connection = InstanceType<typeof SMTPConnection>;
type SmtpError = Error & { code?: string; response?: string; responseCode?: number; command?: string };

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/** What SMTPConnection is given for an SMTP_URL; exported for the test of when TLS is required. */
export function connectionOptions(url: string, options: SmtpTransportOptions = {}) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = parsed.port ? Number(parsed.port) : secure ? 465 : 587;
  const auth = parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined;
  const timeout = options.connectionTimeoutMs ?? 30_000;
  return {
    auth,
    connection: {
      host,
      port,
      secure,
      // A password never travels in clear beyond this machine: without TLS the connection fails instead.
      requireTLS: options.requireTls || (auth !== undefined && !secure && !isLoopback(host)),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: SOCKET_TIMEOUT_MS,
      // Nothing is left to finish once the transport closes a connection.
      socketCloseTimeout: 1000,
      tls: options.tls,
      logger: false,
    },
  };
}

/** An address SMTP can write between < and >; SMTPConnection would refuse it without asking the server. */
function fitsSmtp(address: string): boolean {
  return address !== '' && !/[\s<>]/.test(address);
}

/** The server's answer, or the connection's failure as it is (outcome unknown). */
function refusalOr(error: unknown): Error {
  const e = error as SmtpError;
  if (typeof e.responseCode === 'number' && e.response) return new MailRefused(e.responseCode, e.response, e.command);
  return e instanceof Error ? e : new Error(String(e));
}

/**
 * The message as SMTPConnection reads it: nothing comes out of it until
 * finish() ends it. pipe() is called with the DATA stream after the 354.
 */
class HeldMessage extends Readable {
  readonly piped: Promise<Writable>;
  private pipedTo!: (dataStream: Writable) => void;

  constructor() {
    super();
    this.piped = new Promise((resolve) => (this.pipedTo = resolve));
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const result = super.pipe(destination, options);
    this.pipedTo(destination as unknown as Writable);
    return result;
  }

  override _read(): void {}
}

function wrote(stream: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => stream.write(chunk, (err) => (err ? reject(err) : resolve())));
}

/**
 * Resolves once every byte written into the DATA stream has been handed to the
 * kernel: SMTPConnection pipes the DATA stream into the socket, pausing it
 * while the socket's own buffer is full. Then only the dot is left to write.
 * Exported for its test.
 */
export async function handedToSocket(dataStream: Writable, socket: Socket, signal: AbortSignal): Promise<void> {
  // The pipe into the socket starts flowing on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  while ((dataStream as unknown as Readable).readableLength > 0) await once(socket, 'drain', { signal });
  // An empty write's callback runs after every earlier write reached the kernel.
  if (socket.writableLength > 0) await wrote(socket as unknown as Writable, Buffer.alloc(0));
}

export function createSmtpTransport(url: string, options: SmtpTransportOptions = {}): MailTransport {
  const { auth, connection: settings } = connectionOptions(url, options);
  const description = `SMTP ${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${settings.port}`;
  let current: Connection | undefined;
  /** A refusal before DATA leaves the server's transaction open: RSET before the next one. */
  let needsReset = false;
  let busy = false;
  let idleTimer: NodeJS.Timeout | undefined;

  function drop(conn: Connection): void {
    if (current === conn) current = undefined;
    conn.close();
  }

  function idle(): void {
    busy = false;
    clearTimeout(idleTimer);
    const conn = current;
    if (!conn) return;
    idleTimer = setTimeout(() => {
      if (current === conn && !busy) {
        current = undefined;
        conn.quit();
      }
    }, IDLE_MS);
    idleTimer.unref();
  }

  /**
   * Runs one SMTPConnection step. A connection lost in the middle of connect,
   * login or RSET is only emitted as 'error' or 'end', never given to the step's callback.
   */
  function step(conn: Connection, run: (done: (err?: Error | null) => void) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      const lost = (err?: Error) => {
        conn.off('error', lost);
        conn.off('end', lost);
        reject(err ?? new Error(`${description} closed the connection`));
      };
      conn.once('error', lost);
      conn.once('end', lost);
      run((err) => {
        conn.off('error', lost);
        conn.off('end', lost);
        if (err) reject(err);
        else resolve();
      });
    });
  }

  async function open(): Promise<Connection> {
    const conn = new SMTPConnection(settings);
    // Without a listener, an error on an idle connection (reset, timeout) would be thrown and end the process.
    // SMTPConnection closes itself after emitting it.
    conn.on('error', () => {
      if (current === conn) current = undefined;
    });
    conn.once('end', () => {
      if (current === conn) current = undefined;
    });
    try {
      await step(conn, (done) => conn.connect(done));
    } catch (e) {
      const err = e as SmtpError;
      const hint =
        err.code === 'ETLS' && settings.requireTLS
          ? ' TLS is required (the user name and password of SMTP_URL must not travel in clear): use a server that offers STARTTLS, or smtps://.'
          : '';
      throw new Error(`Cannot connect to ${description}: ${err.message}.${hint}`, { cause: e });
    }
    if (auth) {
      try {
        await step(conn, (done) => conn.login(auth, done));
      } catch (e) {
        const err = e as SmtpError;
        conn.close();
        if (err.code !== 'EAUTH') throw new Error(`Lost the connection to ${description} while signing in: ${err.message}`, { cause: e });
        throw new Error(`${description} did not accept the user name and password of SMTP_URL: ${err.response ?? err.message}. Check them with your mail provider.`, {
          cause: e,
        });
      }
    }
    current = conn;
    needsReset = false;
    return conn;
  }

  function reset(conn: Connection): Promise<void> {
    return step(conn, (done) => conn.reset(done));
  }

  /** MAIL FROM, RCPT TO, DATA and the message without its end, on `conn`. */
  async function start(conn: Connection, envelope: Envelope, message: Buffer): Promise<PreparedMail> {
    if (needsReset) {
      await reset(conn);
      needsReset = false;
    }
    const held = new HeldMessage();
    let settled = false;
    let failure: Error | undefined;
    const sent = new Promise<void>((resolve, reject) => {
      const settle = (err?: Error | null) => {
        if (settled) return;
        settled = true;
        conn.off('end', closed);
        if (err) {
          failure = err;
          reject(err);
        } else resolve();
      };
      // Closing the connection from this side (abort, close) forgets the send without calling back. Any other
      // close calls back with its reason just after 'end', which is waited for.
      const closed = () => setImmediate(() => settle(new Error(`The connection to ${description} was closed`)));
      conn.once('end', closed);
      conn.send({ from: envelope.from, to: [envelope.to], size: message.length }, held, settle);
    });
    sent.catch(() => {});
    const handing = new AbortController();
    try {
      await Promise.race([
        sent.then(() => {
          throw new Error('The SMTP server answered before the message was sent');
        }),
        held.piped.then(async (dataStream) => {
          await wrote(dataStream, message);
          const socket = conn._socket;
          if (socket) await handedToSocket(dataStream, socket, handing.signal);
        }),
      ]);
    } catch (e) {
      handing.abort();
      // A refusal of MAIL FROM or RCPT TO leaves a transaction the next mail must reset.
      if (failure && (failure as SmtpError).responseCode) needsReset = true;
      if (!failure) drop(conn);
      throw refusalOr(failure ?? e);
    }
    let ended = false;
    return {
      async finish() {
        if (ended) throw new Error('This mail was already finished or aborted');
        ended = true;
        try {
          if (conn.destroyed || failure) {
            const reason = await sent.then(() => undefined, (e: Error) => e);
            throw new MailNotSent(`The connection to ${description} was lost before the end of the message was sent: ${reason?.message}`, { cause: reason });
          }
          held.push(null);
          await sent.catch((err) => {
            throw refusalOr(err);
          });
        } finally {
          idle();
        }
      },
      async abort() {
        if (ended) return;
        ended = true;
        // Closing drops the message stream unended: the dot is never written.
        drop(conn);
        idle();
      },
    };
  }

  return {
    description,

    async prepare(envelope, message) {
      if (busy) throw new Error('One mail at a time: finish or abort the prepared mail first');
      if (!fitsSmtp(envelope.from) || !fitsSmtp(envelope.to)) {
        // No server could be asked: the address cannot be written in an SMTP command.
        throw new MailRefused(553, `553 5.1.3 ${JSON.stringify(envelope.to)} or ${JSON.stringify(envelope.from)} is not an address SMTP can carry (not sent)`);
      }
      busy = true;
      clearTimeout(idleTimer);
      try {
        // A kept connection may have been closed by the server a moment ago: one more try on a new one is
        // safe, since nothing is accepted before the end of the message.
        const kept = current;
        if (kept) {
          try {
            return await start(kept, envelope, message);
          } catch (e) {
            if (e instanceof MailRefused && e.code !== 421) throw e;
            drop(kept);
          }
        }
        return await start(await open(), envelope, message);
      } catch (e) {
        idle();
        throw e;
      }
    },

    async close() {
      clearTimeout(idleTimer);
      const conn = current;
      const prepared = busy;
      current = undefined;
      busy = false;
      if (!conn) return;
      if (prepared) {
        // A prepared mail is dropped, never accepted.
        conn.close();
        return;
      }
      // 'error' rejects the wait, and SMTPConnection ends the connection after it anyway.
      const ended = once(conn, 'end').catch(() => {});
      conn.quit();
      await ended;
    },
  };
}
