/**
 * verifyBackupFile in a process of its own (server/backup/run.ts): reading
 * back a backup of thousands of posts inflates and parses every one of them,
 * seconds of JavaScript the server's readers must not wait behind (decision
 * 080). Prints one JSON line: { counts, postIds } or { error }.
 */
import { verifyBackupFile, VerifyError } from './verify.ts';

try {
  const verified = await verifyBackupFile(process.argv[2]!);
  process.stdout.write(`${JSON.stringify({ counts: verified.counts, postIds: [...verified.postIds] })}\n`);
} catch (e) {
  process.stdout.write(`${JSON.stringify({ error: e instanceof VerifyError ? e.message : `A verificação falhou: ${e instanceof Error ? e.message : String(e)}` })}\n`);
}
