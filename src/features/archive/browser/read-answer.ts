import type { ArchiveErrorCode, ArchivePlan } from '../lib/plan';

/**
 * A file read in full, in a shape that crosses from the reading worker to
 * the page: the plan without its zip reader (functions cannot be posted),
 * and the bytes of the zip entries the import will upload (its pictures, a
 * backup's Storage files), each in a buffer of its own so it can be
 * transferred rather than copied.
 */
export interface ReadFile {
  plan: Omit<ArchivePlan, 'readEntry'>;
  entries: Map<string, Uint8Array>;
}

/**
 * What reading a file answers: the file read, or why not. An ArchiveError
 * comes already described in Portuguese (describeArchiveError runs where the
 * readers are, so the page does not load them just to word a refusal).
 */
export type ReadAnswer = { ok: true; read: ReadFile } | { ok: false; code: ArchiveErrorCode | null; message: string };

/** A file that cannot be imported: `message` is what to show her; `code` is null for an unexpected failure. */
export class UnreadableFile extends Error {
  override name = 'UnreadableFile';
  constructor(
    message: string,
    readonly code: ArchiveErrorCode | null,
  ) {
    super(message);
  }
}

export function readOf(answer: ReadAnswer): ReadFile {
  if (answer.ok) return answer.read;
  throw new UnreadableFile(answer.message, answer.code);
}

/** The plan the writer takes: its zip entries read from the bytes that came with it. */
export function planOf({ plan, entries }: ReadFile): ArchivePlan {
  if (!entries.size) return plan;
  return {
    ...plan,
    readEntry: (name) => {
      const bytes = entries.get(name);
      if (!bytes) throw new Error(`${name} não está no arquivo`);
      return bytes;
    },
  };
}
