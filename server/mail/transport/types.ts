/**
 * What the mail worker sends through. A mail goes in two steps so that the
 * worker can record it as sent between them (decision 210): prepare() hands
 * over everything but the end of the message, finish() sends the end. A
 * process that dies before finish() leaves the server a message without its
 * end, which SMTP discards.
 */

/** Bare addresses, as in MAIL FROM and RCPT TO. */
export interface Envelope {
  from: string;
  to: string;
}

export interface PreparedMail {
  /** Sends the end of DATA; resolves when the server answered 250. Rejects with MailRefused (the server's answer) or another Error (connection lost: outcome unknown, unless MailNotSent). */
  finish(): Promise<void>;
  /** The server must never accept this message: for SMTP, close the connection without the terminating dot (the next prepare opens a new one). */
  abort(): Promise<void>;
}

export interface MailTransport {
  /** For logs and the start banner: "SMTP smtp.example.com:587" or "outbox folder /path" (never a password). */
  readonly description: string;
  /**
   * Everything but the end of the message. Rejects with MailRefused when refused before DATA (MAIL FROM / RCPT TO,
   * e.g. 550 no such user, 451 try later), or another Error when the server cannot be reached. One mail at a time per
   * transport (the worker awaits finish/abort before the next prepare).
   */
  prepare(envelope: Envelope, message: Buffer): Promise<PreparedMail>;
  close(): Promise<void>;
}

/** The server's answer refusing a mail. */
export class MailRefused extends Error {
  /** The reply code, e.g. 550 or 451. */
  readonly code: number;
  /** 5xx: for good; 4xx: try again later. */
  readonly permanent: boolean;
  /** The server's whole reply, e.g. "550 5.1.1 No such user". */
  readonly response: string;
  /** What was refused: "MAIL FROM" (the sender: every mail will be), "RCPT TO", "DATA" (the message), or undefined. */
  readonly command: string | undefined;

  constructor(code: number, response: string, command?: string) {
    super(`The mail server refused the mail${command ? ` at ${command}` : ''}: ${response}`);
    this.name = 'MailRefused';
    this.code = code;
    // 503 is "bad sequence of commands": the session's fault, not the mail's (as nodemailer counts it).
    this.permanent = code >= 500 && code !== 503;
    this.response = response;
    this.command = command;
  }
}

/**
 * The connection was lost before the end of the message was written: the
 * server cannot have accepted it, so it may be sent again.
 */
export class MailNotSent extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailNotSent';
  }
}
