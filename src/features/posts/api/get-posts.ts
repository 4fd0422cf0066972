import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Language } from '@/lib/language';
import { lookaheadRange, splitLookahead } from '@/lib/paging';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import type { Tables } from '@/types/database.types';
import type { CategoryChoice } from '../lib/listing-params';
import { postKeys } from './keys';

export type Post = Tables<'blog_posts'>;

/** What a card shows: no content, which the listing never needs (issue 11). */
export type PostSummary = Pick<
  Post,
  'id' | 'title' | 'excerpt' | 'category' | 'date' | 'read_time' | 'image_url' | 'image_alt' | 'language' | 'slug'
>;
const SUMMARY_COLUMNS = 'id, title, excerpt, category, date, read_time, image_url, image_alt, language, slug';

/** Cards per page of the blog listing (three rows of the grid). */
export const POSTS_PER_PAGE = 9;

export interface PostsPage {
  page: number;
  posts: PostSummary[];
  /** Whether a next page exists. */
  hasMore: boolean;
}

export interface ListingQuery {
  language: Language;
  category: CategoryChoice;
  page: number;
}

/**
 * Spec §7's public listing, a page at a time: published posts of one
 * language (and category), newest first; equal dates in id order, so pages
 * never repeat or skip a post. One row more than a page tells whether
 * another follows.
 */
export async function getPublishedPostsPage(db: PublicDb, { language, category, page }: ListingQuery): Promise<PostsPage> {
  let query = db.from('blog_posts').select(SUMMARY_COLUMNS).eq('language', language).eq('published', true);
  if (category !== 'all') query = query.eq('category', category);
  const { data, error } = await query
    .order('date', { ascending: false })
    .order('id', { ascending: true })
    .range(...lookaheadRange(page - 1, POSTS_PER_PAGE));
  if (error) throw error;
  return { page, ...splitLookahead(data, POSTS_PER_PAGE) };
}

/** The listing from page `firstPage` on ("Carregar mais" appends the next one). */
export const postsQueryOptions = (db: PublicDb, { language, category, page: firstPage }: ListingQuery) =>
  infiniteQueryOptions({
    queryKey: postKeys.publicList(language, category, firstPage),
    queryFn: ({ pageParam }) => getPublishedPostsPage(db, { language, category, page: pageParam }),
    initialPageParam: firstPage,
    getNextPageParam: (last: PostsPage) => (last.hasMore ? last.page + 1 : undefined),
  });

export function usePosts(listing: ListingQuery) {
  return useInfiniteQuery(postsQueryOptions(usePublicDb(), listing));
}
