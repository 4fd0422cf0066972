/**
 * Which good backups to keep: the newest of each of the last `daily` days,
 * `weekly` ISO weeks and `monthly` months that have one (restic's
 * --keep-daily/--keep-weekly/--keep-monthly, on the site's calendar), and
 * always the newest: the oldest go first, never the only good one.
 */
import type { Keep } from './config.ts';
import { siteDay, siteMonth, siteWeek } from './schedule.ts';

export interface Dated {
  name: string;
  createdAt: Date;
}

export function backupsToKeep<T extends Dated>(backups: readonly T[], keep: Keep): { keep: T[]; remove: T[] } {
  const newestFirst = [...backups].sort((a, b) => +b.createdAt - +a.createdAt || b.name.localeCompare(a.name));
  const kept = new Set<T>();
  const policies: [number, (d: Date) => string][] = [
    [keep.daily, siteDay],
    [keep.weekly, siteWeek],
    [keep.monthly, siteMonth],
  ];
  for (const [count, bucketOf] of policies) {
    let last: string | undefined;
    let taken = 0;
    for (const backup of newestFirst) {
      if (taken >= count) break;
      const bucket = bucketOf(backup.createdAt);
      if (bucket === last) continue;
      last = bucket;
      taken++;
      kept.add(backup);
    }
  }
  if (newestFirst[0]) kept.add(newestFirst[0]);
  return { keep: newestFirst.filter((b) => kept.has(b)), remove: newestFirst.filter((b) => !kept.has(b)) };
}
