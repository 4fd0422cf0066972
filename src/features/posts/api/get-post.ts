import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@/lib/language';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import { isSlug } from '@/lib/slug';
import type { Post } from './get-posts';
import { postKeys } from './keys';

// blog_posts.id is a uuid: anything else cannot match a row, so we answer
// 'not found' without asking (PostgREST would reject it with 22P02).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Errors that mean "there is no such published post", not a failure. */
const NOT_FOUND_CODES = new Set(['PGRST116', '22P02']);

/**
 * Where a post page was asked for: its address (/pt/<slug>), or the address
 * posts had before slugs (/post/<id>), which leads to the same post.
 */
export type PostLookup = { language: Language; slug: string } | { id: string };

/** Spec §7: the published post with this id, as a single row; null when there is none. */
export async function getPublishedPost(db: PublicDb, id: string): Promise<Post | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await db.from('blog_posts').select('*').eq('id', id).eq('published', true).single();
  if (error) {
    if (NOT_FOUND_CODES.has(error.code)) return null;
    throw error;
  }
  return data;
}

/**
 * The published post at /<language>/<slug> (issue 23): the one whose slug it
 * is, else the one that had it (blog_post_slugs keeps every address a
 * published post had; its caller then moves to the post's address). RLS hides
 * drafts, scheduled posts and their addresses alike: null. A slug the
 * database could never have made costs no request.
 */
export async function getPublishedPostAt(db: PublicDb, language: Language, slug: string): Promise<Post | null> {
  if (!isSlug(slug)) return null;
  const { data, error } = await db
    .from('blog_posts')
    .select('*')
    .eq('language', language)
    .eq('slug', slug)
    .eq('published', true)
    .maybeSingle();
  if (error) throw error;
  if (data) return data;
  const { data: old, error: oldError } = await db
    .from('blog_post_slugs')
    .select('post_id')
    .eq('language', language)
    .eq('slug', slug)
    .maybeSingle();
  if (oldError) throw oldError;
  return old ? getPublishedPost(db, old.post_id) : null;
}

export const postQueryOptions = (db: PublicDb, lookup: PostLookup) =>
  queryOptions({
    queryKey: 'id' in lookup ? postKeys.byId(lookup.id) : postKeys.detail(lookup.language, lookup.slug),
    queryFn: () => ('id' in lookup ? getPublishedPost(db, lookup.id) : getPublishedPostAt(db, lookup.language, lookup.slug)),
  });

export function usePost(lookup: PostLookup) {
  return useQuery(postQueryOptions(usePublicDb(), lookup));
}
