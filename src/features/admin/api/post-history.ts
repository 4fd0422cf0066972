import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';
import { lookaheadRange, splitLookahead } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import type { BlogPost } from './get-admin-posts';
import { updatePost } from './update-post';
import { usePostMutation, type PostMutationOptions } from './use-post-mutation';

/** A version of a post that a save replaced (issue 26), kept by the database's own trigger. */
export type Revision = Tables<'blog_post_revisions'>;

/** Versions per page of "Histórico": a post saved every day for two months fits in one. */
export const REVISIONS_PAGE_SIZE = 50;

export const historyKeys = {
  /** Under the admin's keys: every save invalidates it (usePostMutation), sign-out drops it. */
  all: (postId: string) => [...postKeys.adminList(), 'history', postId] as const,
  revisions: (postId: string) => [...historyKeys.all(postId), 'revisions'] as const,
  current: (postId: string) => [...historyKeys.all(postId), 'current'] as const,
  count: (postId: string) => [...historyKeys.all(postId), 'count'] as const,
};

export interface RevisionsPage {
  page: number;
  revisions: Revision[];
  hasMore: boolean;
}

/** One page of a post's versions, the most recently replaced first. */
export async function getRevisionsPage(postId: string, page: number): Promise<RevisionsPage> {
  const { data, error } = await supabase
    .from('blog_post_revisions')
    .select('*')
    .eq('post_id', postId)
    .order('id', { ascending: false })
    .range(...lookaheadRange(page, REVISIONS_PAGE_SIZE));
  if (error) throw error;
  const { posts, hasMore } = splitLookahead(data, REVISIONS_PAGE_SIZE);
  return { page, revisions: posts, hasMore };
}

export function useRevisions(postId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: historyKeys.revisions(postId),
      queryFn: ({ pageParam }) => getRevisionsPage(postId, pageParam),
      initialPageParam: 0,
      getNextPageParam: (last: RevisionsPage) => (last.hasMore ? last.page + 1 : undefined),
    }),
  );
}

/** The post as the database has it now: what the newest version is compared with, and what a restore saves over. */
export async function getCurrentPost(postId: string): Promise<BlogPost | null> {
  const { data, error } = await supabase.from('blog_posts').select('*').eq('id', postId).maybeSingle();
  if (error) throw error;
  return data;
}

export function useCurrentPost(postId: string) {
  return useQuery(queryOptions({ queryKey: historyKeys.current(postId), queryFn: () => getCurrentPost(postId) }));
}

/** How many earlier versions a post has, counted by the database (no rows travel). */
export async function countRevisions(postId: string): Promise<number> {
  const { count, error } = await supabase.from('blog_post_revisions').select('id', { count: 'exact', head: true }).eq('post_id', postId);
  if (error) throw error;
  return count ?? 0;
}

export function useRevisionCount(postId: string, enabled: boolean) {
  return useQuery({ queryKey: historyKeys.count(postId), queryFn: () => countRevisions(postId), enabled, staleTime: 0 });
}

/**
 * What "Restaurar esta versão" brings back: what readers read and see of it.
 * Its address and its publication (status and date) stay as they are now, so
 * readers keep finding the post where it is and a restore never publishes,
 * unpublishes or reschedules anything.
 */
export const RESTORED_FIELDS = ['title', 'excerpt', 'content', 'category', 'read_time', 'image_url', 'image_alt'] as const;

export interface RestoreInput {
  revision: Revision;
  /** The post as she saw it beside the version: a save made since is refused (the edit-conflict guard). */
  over: Pick<BlogPost, 'id' | 'updated_at'>;
}

/** A restore is a new save, so the version it replaces goes into the history in turn. */
export function restoreRevision({ revision, over }: RestoreInput): Promise<BlogPost> {
  const changes = Object.fromEntries(RESTORED_FIELDS.map((field) => [field, revision[field]]));
  return updatePost({ id: over.id, changes, loadedUpdatedAt: over.updated_at });
}

export const useRestoreRevision = (options?: PostMutationOptions<BlogPost, RestoreInput>) => usePostMutation(restoreRevision, options);
