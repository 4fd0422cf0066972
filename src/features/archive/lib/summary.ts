import type { ArchivePlan } from './plan';

/** What an import will do, said before anything is written (the admin screen's preview, the command line's summary). */
export interface PlanSummary {
  posts: number;
  published: number;
  drafts: number;
  scheduled: number;
  /** Earliest and latest post dates (ISO), or null when there are no posts. */
  from: string | null;
  to: string | null;
  /** Source categories with how many posts carry each, most used first. */
  categories: { name: string; count: number }[];
  imagesInFile: number;
  imagesLinked: number;
  skipped: number;
  warnings: number;
  subscribers: number | null;
  /** A backup's confirmed subscribers, restored with it (null: the file holds none to restore). */
  backupSubscribers: number | null;
  settings: number;
  storedObjects: number;
}

export function summarizePlan(plan: ArchivePlan): PlanSummary {
  const count = (status: string) => plan.posts.filter((p) => p.status === status).length;
  const dates = plan.posts.map((p) => p.date).sort((a, b) => Date.parse(a) - Date.parse(b));
  const categories = new Map<string, number>();
  for (const post of plan.posts) for (const name of new Set(post.sourceCategories)) categories.set(name, (categories.get(name) ?? 0) + 1);
  return {
    posts: plan.posts.length,
    published: count('published'),
    drafts: count('draft'),
    scheduled: count('scheduled'),
    from: dates[0] ?? null,
    to: dates[dates.length - 1] ?? null,
    categories: [...categories].map(([name, n]) => ({ name, count: n })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    imagesInFile: plan.images.filter((i) => i.entry !== null).length,
    imagesLinked: plan.images.filter((i) => i.entry === null).length,
    skipped: plan.skipped.length,
    warnings: plan.warnings.length,
    subscribers: plan.subscribers ?? null,
    backupSubscribers: plan.backupSubscribers?.length ?? null,
    settings: plan.settings?.length ?? 0,
    storedObjects: plan.storedObjects?.length ?? 0,
  };
}
