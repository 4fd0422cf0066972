import { CLIP_COLUMNS, clipsDb, inListOrder, type PublicClip } from '@/features/clips-public/api/clip-row';
import { withFileUrl, type ListedClip } from '@/features/clips-public/api/get-clips';
import type { Post } from '@/features/posts/api/get-posts';
import type { Language } from '@/lib/language';
import type { PublicDb } from '@/lib/public-db';
import type { Tables } from '@/types/database.types';
import { CLIPS_FEED_SIZE } from './clips-feed';

/** RSS carries the newest 20 posts of a language. */
export const FEED_SIZE = 20;
/** As [api] max_rows: no read returns more, so longer lists are read in pages. */
const PAGE_ROWS = 1000;

export type FeedPost = Pick<
  Post,
  'id' | 'title' | 'excerpt' | 'content' | 'category' | 'date' | 'updated_at' | 'revised_at' | 'language' | 'slug'
>;
export type ListedPost = Pick<Post, 'id' | 'language' | 'slug' | 'date' | 'updated_at' | 'revised_at' | 'translation_group'>;
/** A correction as a feed item carries it (issue 26). */
export type FeedCorrection = Pick<Tables<'blog_post_corrections'>, 'post_id' | 'note' | 'created_at'>;
/** An address a post had (blog_post_slugs), its current one among them. */
export type PostSlug = Pick<Tables<'blog_post_slugs'>, 'language' | 'slug' | 'post_id'>;

/** The newest published posts of a language, for its feed. */
export async function getFeedPosts(db: PublicDb, language: Language): Promise<FeedPost[]> {
  const { data, error } = await db
    .from('blog_posts')
    .select('id, title, excerpt, content, category, date, updated_at, revised_at, language, slug')
    .eq('language', language)
    .eq('published', true)
    .order('date', { ascending: false })
    .order('id', { ascending: true })
    .limit(FEED_SIZE);
  if (error) throw error;
  return data;
}

/** The corrections of a feed's posts (at most FEED_SIZE of them), oldest first: one read. */
export async function getFeedCorrections(db: PublicDb, posts: readonly Pick<Post, 'id'>[]): Promise<FeedCorrection[]> {
  if (posts.length === 0) return [];
  const { data, error } = await db
    .from('blog_post_corrections')
    .select('post_id, note, created_at')
    .in(
      'post_id',
      posts.map((p) => p.id),
    )
    .order('created_at', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw error;
  return data;
}

/** Every published post of both languages (sitemap, static export), newest first, read page by page. */
export async function getAllPublishedPosts(db: PublicDb): Promise<ListedPost[]> {
  const all: ListedPost[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    const { data, error } = await db
      .from('blog_posts')
      .select('id, language, slug, date, updated_at, revised_at, translation_group')
      .eq('published', true)
      .order('date', { ascending: false })
      .order('id', { ascending: true })
      .range(from, from + PAGE_ROWS - 1);
    if (error) throw error;
    all.push(...data);
    if (data.length < PAGE_ROWS) return all;
  }
}

/**
 * Every address of the posts the reader may read, current and old (RLS shows
 * those of readable posts only), read page by page: the static export writes
 * a redirect for each old one.
 */
export async function getAllPostSlugs(db: PublicDb): Promise<PostSlug[]> {
  const all: PostSlug[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    const { data, error } = await db
      .from('blog_post_slugs')
      .select('language, slug, post_id')
      .order('language', { ascending: true })
      .order('slug', { ascending: true })
      .range(from, from + PAGE_ROWS - 1);
    if (error) throw error;
    all.push(...data);
    if (data.length < PAGE_ROWS) return all;
  }
}

/** The newest published clips by date of publication (issue 43), for the clips' feeds. */
export async function getFeedClips(db: PublicDb): Promise<ListedClip[]> {
  const { data, error } = await inListOrder(clipsDb(db).from('clips').select(CLIP_COLUMNS).eq('status', 'published'), false).limit(CLIPS_FEED_SIZE);
  if (error) throw error;
  return ((data ?? []) as PublicClip[]).map((clip) => withFileUrl(db, clip));
}

/** A published clip's public copy (issue 43): its language, slug and last change. */
export type ListedClipCopy = Pick<PublicClip, 'id' | 'language' | 'slug' | 'updated_at' | 'link_status'>;

/**
 * Every published clip whose copy she shows, read page by page (the static
 * export writes each copy's page), and the last change of any published clip
 * (the lists' lastmod in the sitemap).
 */
export async function getClipCopies(db: PublicDb): Promise<ListedClipCopy[]> {
  const all: ListedClipCopy[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    const { data, error } = await clipsDb(db)
      .from('clips')
      .select('id, language, slug, updated_at, link_status')
      .eq('status', 'published')
      .eq('show_archive', true)
      .eq('kind', 'web')
      .order('id', { ascending: true })
      .range(from, from + PAGE_ROWS - 1);
    if (error) throw error;
    all.push(...((data ?? []) as ListedClipCopy[]));
    if ((data ?? []).length < PAGE_ROWS) return all;
  }
}

/** When any published clip last changed (the lists' lastmod), or undefined when there is none. */
export async function getClipsLastChange(db: PublicDb): Promise<string | undefined> {
  const { data, error } = await clipsDb(db).from('clips').select('updated_at').eq('status', 'published').order('updated_at', { ascending: false }).limit(1);
  if (error) throw error;
  return (data as { updated_at: string }[] | null)?.[0]?.updated_at;
}
