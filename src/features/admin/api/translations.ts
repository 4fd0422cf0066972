import { queryOptions, useQuery } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';
import { otherLanguage, type Language } from '@/lib/language';
import { containing } from '@/lib/like-pattern';
import { supabase } from '@/lib/supabase';
import type { TablesInsert } from '@/types/database.types';
import { postLanguageOf, type NewPostRow } from '../lib/post-form-values';
import type { BlogPost } from './get-admin-posts';
import { usePostMutation, type PostMutationOptions } from './use-post-mutation';

/**
 * Linked translations in the admin panel (issue 13): each post's version in
 * the other language, creating a linked translation, linking two posts and
 * unlinking them. The database keeps the rules (one post per language in a
 * group, who is outdated); see supabase/migrations/…_translations.sql.
 */

/** What the admin shows of a post's other-language version. */
export type Counterpart = Pick<BlogPost, 'id' | 'title' | 'language' | 'published' | 'translation_group' | 'translation_outdated'>;
const COUNTERPART_COLUMNS = 'id, title, language, published, translation_group, translation_outdated';

type Linkable = Pick<BlogPost, 'id' | 'language' | 'translation_group'>;

/**
 * The other-language versions of these posts (all of one language), by
 * translation group: one request for a whole page of the list.
 */
export async function findCounterparts(language: Language, posts: readonly Linkable[]): Promise<Map<string, Counterpart>> {
  const groups = [...new Set(posts.map((p) => p.translation_group).filter((g): g is string => g !== null))];
  if (groups.length === 0) return new Map();
  const { data, error } = await supabase
    .from('blog_posts')
    .select(COUNTERPART_COLUMNS)
    .eq('language', otherLanguage(language))
    .in('translation_group', groups);
  if (error) throw error;
  return new Map(data.map((c) => [c.translation_group!, c]));
}

/** A post as it is now (its link may have changed since the list was read) and its counterpart. */
export interface PostTranslation {
  post: Linkable & Pick<BlogPost, 'translation_outdated'>;
  counterpart: Counterpart | null;
}

export async function getPostTranslation(postId: string): Promise<PostTranslation> {
  const { data: post, error } = await supabase
    .from('blog_posts')
    .select('id, language, translation_group, translation_outdated')
    .eq('id', postId)
    .single();
  if (error) throw error;
  const counterparts = await findCounterparts(postLanguageOf(post), [post]);
  return { post, counterpart: (post.translation_group && counterparts.get(post.translation_group)) || null };
}

export const postTranslationOptions = (postId: string) =>
  queryOptions({ queryKey: [...postKeys.adminList(), 'translation', postId], queryFn: () => getPostTranslation(postId) });

export function usePostTranslation(postId: string) {
  return useQuery(postTranslationOptions(postId));
}

/** A post the admin may link to, and the post it is already linked to, if any. */
export interface LinkCandidate {
  post: Counterpart;
  linkedTo: Counterpart | null;
}

const CANDIDATES = 8;

/** Posts of `language` whose title contains `search` (newest first), to link a post of the other language to. */
export async function getLinkCandidates(language: Language, search: string): Promise<LinkCandidate[]> {
  let query = supabase.from('blog_posts').select(COUNTERPART_COLUMNS).eq('language', language);
  const words = search.trim();
  if (words) query = query.ilike('title', containing(words));
  const { data, error } = await query.order('created_at', { ascending: false }).order('id').limit(CANDIDATES);
  if (error) throw error;
  const partners = await findCounterparts(language, data);
  return data.map((post) => ({ post, linkedTo: (post.translation_group && partners.get(post.translation_group)) || null }));
}

export const linkCandidatesOptions = (language: Language, search: string) =>
  queryOptions({
    queryKey: [...postKeys.adminList(), 'link-candidates', language, search.trim()],
    queryFn: () => getLinkCandidates(language, search),
  });

export function useLinkCandidates(language: Language, search: string, enabled: boolean) {
  return useQuery({ ...linkCandidatesOptions(language, search), enabled });
}

/**
 * The post's group, made by the database if it has none. Harmless alone (a
 * group of one is "no translation"), so a failure of the step after it
 * leaves nothing half done.
 */
async function ensureGroup(postId: string): Promise<string> {
  const { data, error } = await supabase.rpc('ensure_translation_group', { post_id: postId });
  if (error) throw error;
  return data;
}

export interface CreateTranslationInput {
  source: Pick<BlogPost, 'id'>;
  row: NewPostRow;
}

/** "Traduzir": the new post, created in the source's group (one insert the unique index guards). */
export async function createTranslation({ source, row }: CreateTranslationInput): Promise<BlogPost> {
  const group = await ensureGroup(source.id);
  const { data, error } = await supabase
    .from('blog_posts')
    .insert({ ...row, translation_group: group } as TablesInsert<'blog_posts'>)
    .select()
    .single();
  if (error) throw error;
  return data;
}

export interface LinkInput {
  post: Pick<BlogPost, 'id'>;
  other: Pick<BlogPost, 'id'>;
}

/** Links an existing post of the other language: it joins the post's group (leaving any group it had). */
export async function linkTranslation({ post, other }: LinkInput): Promise<void> {
  const group = await ensureGroup(post.id);
  const { data, error } = await supabase.from('blog_posts').update({ translation_group: group }).eq('id', other.id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('The post to link is gone.');
}

/** Unlinks the post; its former translation stays as it is, now without one. */
export async function unlinkTranslation(post: Pick<BlogPost, 'id'>): Promise<void> {
  const { error } = await supabase.from('blog_posts').update({ translation_group: null }).eq('id', post.id);
  if (error) throw error;
}

export const useCreateTranslation = (options?: PostMutationOptions<BlogPost, CreateTranslationInput>) =>
  usePostMutation(createTranslation, options);
export const useLinkTranslation = (options?: PostMutationOptions<void, LinkInput>) => usePostMutation(linkTranslation, options);
export const useUnlinkTranslation = (options?: PostMutationOptions<void, Pick<BlogPost, 'id'>>) =>
  usePostMutation(unlinkTranslation, options);

/** The database refused a second post of one language in a translation group (trigger or unique index). */
export function isTranslationConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, details } = error as { code?: string; message?: string; details?: string };
  return code === '23505' && /translation/i.test(`${message ?? ''} ${details ?? ''}`);
}
