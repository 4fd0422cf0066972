import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';
import type { Language } from '@/lib/language';
import { containing } from '@/lib/like-pattern';
import { lookaheadRange, splitLookahead } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import type { StatusFilter } from '../lib/post-status';
import { findCounterparts, type Counterpart } from './translations';

export type BlogPost = Tables<'blog_posts'>;

/** A post of the admin's list, with its version in the other language (issue 13). */
export type AdminPost = BlogPost & { translation: Counterpart | null };

/** Cards per page of the admin's list: enough to scan, never thousands at once (issue 11). */
export const ADMIN_PAGE_SIZE = 20;

export interface AdminListQuery {
  language: Language;
  /** Words of the title; '' lists everything. */
  search: string;
  /** Only the posts of one status (issue 23); 'all' by default. */
  status?: StatusFilter;
}

export interface AdminPage {
  page: number;
  posts: AdminPost[];
  hasMore: boolean;
}

interface StatusFilterable<Q> {
  eq(column: 'published', value: boolean): Q;
  gt(column: 'date', value: string): Q;
  lte(column: 'date', value: string): Q;
}

/**
 * The posts of one status, as the database tells them apart: a scheduled
 * post is a published one dated after `now` (the moment the list is read, so
 * a post whose time has passed is counted as published on the next read).
 */
function whereStatus<Q extends StatusFilterable<Q>>(query: Q, status: StatusFilter = 'all', now = new Date()): Q {
  if (status === 'draft') return query.eq('published', false);
  if (status === 'published') return query.eq('published', true).lte('date', now.toISOString());
  if (status === 'scheduled') return query.eq('published', true).gt('date', now.toISOString());
  return query;
}

/**
 * Spec §7's admin list (drafts included: RLS lets only admins see them,
 * newest created first), one language and one page at a time, optionally
 * only titles containing `search`; each post with its translation, read for
 * the whole page in one more request.
 */
export async function getAdminPostsPage({ language, search, status = 'all' }: AdminListQuery, page: number): Promise<AdminPage> {
  let query = whereStatus(supabase.from('blog_posts').select('*').eq('language', language), status);
  if (search.trim()) query = query.ilike('title', containing(search.trim()));
  // The scheduled ones in the order they will go out; the others newest created first.
  const ordered = status === 'scheduled' ? query.order('date', { ascending: true }) : query.order('created_at', { ascending: false });
  const { data, error } = await ordered.order('id', { ascending: true }).range(...lookaheadRange(page, ADMIN_PAGE_SIZE));
  if (error) throw error;
  const { posts, hasMore } = splitLookahead(data, ADMIN_PAGE_SIZE);
  const counterparts = await findCounterparts(language, posts);
  return {
    page,
    hasMore,
    posts: posts.map((post) => ({ ...post, translation: (post.translation_group && counterparts.get(post.translation_group)) || null })),
  };
}

export const adminPostsQueryOptions = (list: AdminListQuery) =>
  infiniteQueryOptions({
    queryKey: [...postKeys.adminPage(list.language, list.search.trim()), list.status ?? 'all'],
    queryFn: ({ pageParam }) => getAdminPostsPage(list, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: AdminPage) => (last.hasMore ? last.page + 1 : undefined),
  });

export function useAdminPosts(list: AdminListQuery) {
  return useInfiniteQuery(adminPostsQueryOptions(list));
}

/** How many posts a language has (of one status), counted by the database (a HEAD request: no rows travel). */
export async function countAdminPosts(language: Language, status: StatusFilter = 'all'): Promise<number> {
  const query = supabase.from('blog_posts').select('id', { count: 'exact', head: true }).eq('language', language);
  const { count, error } = await whereStatus(query, status);
  if (error) throw error;
  return count ?? 0;
}

export const adminPostCountOptions = (language: Language, status: StatusFilter = 'all') =>
  queryOptions({ queryKey: [...postKeys.adminCount(language), status], queryFn: () => countAdminPosts(language, status) });

export function useAdminPostCount(language: Language, status: StatusFilter = 'all') {
  // Choosing another status keeps the tabs (and the open one) on screen while the new counts come.
  return useQuery({ ...adminPostCountOptions(language, status), placeholderData: keepPreviousData });
}
