/**
 * The rotation's rule (issue 41) over a year and more of daily backups, with
 * the default counts: the newest of the last 7 days, 4 weeks, 12 months of
 * the site's calendar; the oldest go first; the newest never goes.
 */
import { DEFAULT_KEEP } from './config.ts';
import { backupsToKeep } from './rotation.ts';

const daily = (from: string, days: number) =>
  Array.from({ length: days }, (_, i) => {
    const createdAt = new Date(Date.parse(`${from}T06:00:00Z`) + i * 86_400_000);
    return { name: createdAt.toISOString().slice(0, 10), createdAt };
  });

it('keeps 7 daily, 4 weekly and 12 monthly backups out of 400 days, the rest going oldest first', () => {
  const { keep, remove } = backupsToKeep(daily('2029-01-01', 400), DEFAULT_KEEP);
  // The last day is 2030-02-04 (a Monday).
  expect(keep.map((b) => b.name)).toEqual([
    '2030-02-04', '2030-02-03', '2030-02-02', '2030-02-01', '2030-01-31', '2030-01-30', '2030-01-29', // 7 days
    '2030-01-27', '2030-01-20', // the Sundays ending the weeks before (the 4 weeks: 4 Feb, 3 Feb, 27 Jan, 20 Jan)
    '2029-12-31', '2029-11-30', '2029-10-31', '2029-09-30', '2029-08-31', '2029-07-31', '2029-06-30', '2029-05-31', '2029-04-30', '2029-03-31', // the newest of each of 12 months (February and January 2030 among the days above)
  ]);
  expect(remove).toHaveLength(400 - keep.length);
});

it('never removes the only good backup, whatever the counts', () => {
  const [only] = daily('2030-01-01', 1);
  expect(backupsToKeep([only!], { daily: 0, weekly: 0, monthly: 0 })).toEqual({ keep: [only], remove: [] });
  const two = daily('2030-01-01', 2);
  expect(backupsToKeep(two, { daily: 0, weekly: 0, monthly: 0 }).keep.map((b) => b.name)).toEqual(['2030-01-02']);
});

it('counts days in the site\'s time zone: 01:00 UTC is still the day before in Brasília', () => {
  const late = { name: 'late', createdAt: new Date('2030-01-02T01:00:00Z') }; // 1 Jan, 22:00 in Brasília
  const early = { name: 'early', createdAt: new Date('2030-01-01T12:00:00Z') };
  expect(backupsToKeep([late, early], { daily: 2, weekly: 0, monthly: 0 }).keep.map((b) => b.name)).toEqual(['late']);
});
