import type { BlogPost } from '../api/get-admin-posts';

/**
 * Where a post stands for readers (issue 23). There is no third flag: a
 * published post whose date lies ahead is scheduled, and row-level security
 * keeps it from readers until then; at that minute it is simply published.
 */
export type PostStatus = 'draft' | 'published' | 'scheduled';

export function postStatus(post: Pick<BlogPost, 'published' | 'date'>, now: number = Date.now()): PostStatus {
  if (!post.published) return 'draft';
  return Date.parse(post.date) > now ? 'scheduled' : 'published';
}

/** The admin list's filter: every post, or those of one status. */
export type StatusFilter = 'all' | PostStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'published', 'scheduled', 'draft'];

export function isStatusFilter(value: unknown): value is StatusFilter {
  return STATUS_FILTERS.includes(value as StatusFilter);
}
