/**
 * A new backup is read back from the disk before it counts: opened as the
 * import opens it (src/features/archive/lib/zip.ts: every entry's CRC-32),
 * every file listed in its manifest present and of the SHA-256 the manifest
 * gives, nothing in the zip left out of the manifest, every post and the
 * settings readable by the import's own reader (readBackup), and the counts
 * the manifest states equal to what is there. The posts are then compared
 * with the database's (run.ts). A backup that fails any of it is kept apart
 * with the reason.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BACKUP_FORMAT, readBackup } from '../../src/features/archive/lib/backup-format.ts';
import { openZip } from '../../src/features/archive/lib/zip.ts';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import type { BackupCounts } from './store.ts';

export class VerifyError extends Error {
  override name = 'VerifyError';
}

export interface Verified {
  counts: BackupCounts;
  postIds: Set<string>;
}

const MANIFEST = 'manifest.json';

interface ManifestShape {
  format?: unknown;
  counts?: Record<string, unknown>;
  files?: { path?: unknown; sha256?: unknown }[];
}

const count = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

export async function verifyBackupFile(file: string): Promise<Verified> {
  const bytes = new Uint8Array(await readFile(file));
  try {
    const zip = openZip(bytes);
    if (!zip.names.includes(MANIFEST)) throw new VerifyError('O backup não tem manifest.json.');
    let manifest: ManifestShape;
    try {
      manifest = JSON.parse(zip.text(MANIFEST)) as ManifestShape;
    } catch {
      throw new VerifyError('O manifest.json do backup não é JSON.');
    }
    if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) throw new VerifyError('O manifest.json não é de um backup deste site.');
    const listed = new Set<string>();
    for (const entry of manifest.files) {
      const path = String(entry.path);
      if (!zip.names.includes(path)) throw new VerifyError(`${path}: está no manifesto e falta no zip.`);
      if (typeof entry.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(entry.sha256)) throw new VerifyError(`${path}: o manifesto não traz a soma SHA-256.`);
      const actual = createHash('sha256').update(zip.read(path)).digest('hex');
      if (actual !== entry.sha256) throw new VerifyError(`${path}: a soma SHA-256 não confere com o manifesto.`);
      listed.add(path);
    }
    const extra = zip.names.find((name) => name !== MANIFEST && !listed.has(name));
    if (extra) throw new VerifyError(`${extra}: está no zip e falta no manifesto.`);
    const plan = readBackup(zip, file);
    const counts: BackupCounts = {
      posts: plan.posts.length,
      settings: plan.settings?.length ?? 0,
      objects: plan.storedObjects?.length ?? 0,
      subscribers: count(manifest.counts?.subscribers),
    };
    for (const key of ['posts', 'settings', 'objects'] as const) {
      if (count(manifest.counts?.[key]) !== counts[key]) {
        throw new VerifyError(`O manifesto conta ${String(manifest.counts?.[key])} ${key}; o zip tem ${counts[key]}.`);
      }
    }
    return { counts, postIds: new Set(plan.posts.map((p) => p.id!)) };
  } catch (e) {
    if (e instanceof VerifyError) throw e;
    throw new VerifyError(`O backup não pôde ser lido de volta: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const CHILD = path.join(PROJECT_ROOT, 'server', 'backup', 'verify-child.ts');

/** verifyBackupFile in a child process (verify-child.ts says why); its failures as VerifyError. */
export function verifyInChild(file: string): Promise<Verified> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', CHILD, file], { cwd: PROJECT_ROOT, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      let answer: { counts?: BackupCounts; postIds?: string[]; error?: string } | undefined;
      try {
        answer = JSON.parse(line) as typeof answer;
      } catch {
        answer = undefined;
      }
      if (answer?.counts && answer.postIds) resolve({ counts: answer.counts, postIds: new Set(answer.postIds) });
      else reject(new VerifyError(answer?.error ?? `A verificação não terminou: ${(error?.message ?? '') + stderr.slice(-2000)}`));
    });
  });
}
