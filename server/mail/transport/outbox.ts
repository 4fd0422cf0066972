/**
 * Mail written to <dataDir>/outbox/ as .eml files, the development default:
 * a developer opens them, the tests read them (outbox-reader.ts). A mail is
 * written as .eml.partial and renamed by finish(), so a reader never sees
 * one the worker has not recorded as sent. Owner-only: mails carry sign-in links.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailTransport } from './types.ts';

export const PARTIAL = '.partial';

let sequence = 0;

/** Names sort in the order mails were prepared (the time, then this process's count). */
function fileName(): string {
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  sequence = (sequence + 1) % 1_000_000;
  return `${time}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
}

export function createOutboxTransport(dataDir: string): MailTransport {
  const dir = path.join(dataDir, 'outbox');
  let busy = false;
  return {
    description: `outbox folder ${dir}`,
    async prepare(_envelope, message) {
      if (busy) throw new Error('One mail at a time: finish or abort the prepared mail first');
      busy = true;
      const file = path.join(dir, fileName());
      const partial = file + PARTIAL;
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await writeFile(partial, message, { mode: 0o600, flag: 'wx' });
      } catch (e) {
        busy = false;
        await rm(partial, { force: true });
        throw e;
      }
      let ended = false;
      return {
        async finish() {
          if (ended) throw new Error('This mail was already finished or aborted');
          ended = true;
          try {
            await rename(partial, file);
          } finally {
            busy = false;
          }
        },
        async abort() {
          if (ended) return;
          ended = true;
          try {
            await rm(partial, { force: true });
          } finally {
            busy = false;
          }
        },
      };
    },
    async close() {},
  };
}
