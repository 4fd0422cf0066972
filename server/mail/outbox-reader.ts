/**
 * The mails in <DATA_DIR>/outbox, as the tests and a developer read what the
 * local backend "sent" without SMTP: finished .eml files only (a .partial is
 * a mail the worker has not recorded as sent), parsed with mailparser.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  messageId: string;
  raw: string;
}

const POLL_MS = 50;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((o) => o.value.map((a) => a.address ?? ''));
}

async function finishedMails(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** Mails in <dataDir>/outbox to `address` (only finished .eml files), oldest first, parsed with mailparser. */
export async function readOutbox(dataDir: string, address: string): Promise<ReadMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const wanted = address.toLowerCase();
  const mails: ReadMail[] = [];
  for (const name of await finishedMails(dir)) {
    let raw: string;
    try {
      raw = await readFile(path.join(dir, name), 'utf8');
    } catch (e) {
      // Deleted between the listing and the read.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    // Most mails are to someone else: parse only those that name the address.
    if (!raw.toLowerCase().includes(wanted)) continue;
    const parsed = await simpleParser(raw);
    const to = addresses(parsed.to).find((a) => a.toLowerCase() === wanted);
    if (to === undefined) continue;
    mails.push({
      to,
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: parsed.html === false ? '' : (parsed.html ?? ''),
      headers: parsed.headers,
      messageId: parsed.messageId ?? '',
      raw,
    });
  }
  return mails;
}

/** Polls readOutbox until at least `count` mails to `address` are there (default timeout 15 s, then throws saying how many arrived). */
export async function waitForOutbox(dataDir: string, address: string, count = 1, timeoutMs = 15_000): Promise<ReadMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readOutbox(dataDir, address);
    if (mails.length >= count) return mails;
    if (Date.now() >= deadline) {
      throw new Error(`Expected ${count} mail(s) to ${address} in ${path.join(dataDir, 'outbox')} within ${timeoutMs} ms; ${mails.length} arrived`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
