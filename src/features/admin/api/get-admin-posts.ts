import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';
import type { Language } from '@/lib/language';
import { lookaheadRange, splitLookahead } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
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
}

export interface AdminPage {
  page: number;
  posts: AdminPost[];
  hasMore: boolean;
}

/** LIKE's own wildcards and escape, typed by the admin, mean themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Spec §7's admin list (drafts included: RLS lets only admins see them,
 * newest created first), one language and one page at a time, optionally
 * only titles containing `search`; each post with its translation, read for
 * the whole page in one more request.
 */
export async function getAdminPostsPage({ language, search }: AdminListQuery, page: number): Promise<AdminPage> {
  let query = supabase.from('blog_posts').select('*').eq('language', language);
  if (search.trim()) query = query.ilike('title', `%${likeLiteral(search.trim())}%`);
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(...lookaheadRange(page, ADMIN_PAGE_SIZE));
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
    queryKey: postKeys.adminPage(list.language, list.search.trim()),
    queryFn: ({ pageParam }) => getAdminPostsPage(list, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: AdminPage) => (last.hasMore ? last.page + 1 : undefined),
  });

export function useAdminPosts(list: AdminListQuery) {
  return useInfiniteQuery(adminPostsQueryOptions(list));
}

/** How many posts a language has, counted by the database (a HEAD request: no rows travel). */
export async function countAdminPosts(language: Language): Promise<number> {
  const { count, error } = await supabase.from('blog_posts').select('id', { count: 'exact', head: true }).eq('language', language);
  if (error) throw error;
  return count ?? 0;
}

export const adminPostCountOptions = (language: Language) =>
  queryOptions({ queryKey: postKeys.adminCount(language), queryFn: () => countAdminPosts(language) });

export function useAdminPostCount(language: Language) {
  return useQuery(adminPostCountOptions(language));
}
