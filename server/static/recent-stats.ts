/**
 * A file's stat, looked up again once its answer is FRESH_MS old. Every page
 * request asked the disk whether its address is a built file, and the
 * renderer's and template's modification times (a stat each, failing with
 * an exception for every page: 8 % of the server's time under a crowd of
 * readers and view beacons, issue 42). A rebuild is seen within FRESH_MS.
 * Emptied at MAX_KEPT paths, so random addresses cannot grow it.
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';

const FRESH_MS = 1_000;
const MAX_KEPT = 5_000;
const seen = new Map<string, { at: number; stats: Promise<Stats | undefined> }>();

/** The file's stat, or undefined when nothing is there. */
export function recentStat(file: string): Promise<Stats | undefined> {
  const now = performance.now();
  const known = seen.get(file);
  if (known && now - known.at < FRESH_MS) return known.stats;
  if (seen.size >= MAX_KEPT) seen.clear();
  const answer = { at: now, stats: stat(file).catch(() => undefined) };
  seen.set(file, answer);
  return answer.stats;
}

/** Forgets what was seen of `file` (found gone when read). */
export function forgetStat(file: string): void {
  seen.delete(file);
}
