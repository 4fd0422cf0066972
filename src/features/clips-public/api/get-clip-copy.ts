import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@/lib/language';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import { clipFileUrl } from '../lib/clip-file-url';
import { CLIP_COLUMNS, clipsDb, type PublicClip } from './clip-row';
import { clipKeys } from './keys';

/** A clip with its archived copy, as its page on her site shows it. */
export interface ClipWithCopy extends PublicClip {
  copy: { text_markdown: string; picture_path: string | null; fetched_at: string };
  /** The main picture as kept in clip-files (never the outlet's address). */
  picture_url: string | null;
}

/**
 * The archived copy at /pt/publicacoes/{slug} or /en/published-work/{slug}:
 * a published clip of that language with "Mostrar cópia arquivada" on, and
 * its copy (RLS lets readers read only such copies; asked for explicitly
 * too). Anything else is null: the page is not found.
 */
export async function getClipCopy(db: PublicDb, language: Language, slug: string): Promise<ClipWithCopy | null> {
  // Two reads: the local backend, like this product's schema, has no resource embedding (server/rest/query-parser.ts).
  const found = await clipsDb(db)
    .from('clips')
    .select(CLIP_COLUMNS)
    .eq('language', language)
    .eq('slug', slug)
    .eq('status', 'published')
    .eq('show_archive', true)
    .maybeSingle();
  if (found.error) throw found.error;
  const clip = found.data as PublicClip | null;
  if (!clip) return null;
  const copy = await clipsDb(db).from('clip_copies').select('text_markdown, picture_path, fetched_at').eq('clip_id', clip.id).maybeSingle();
  if (copy.error) throw copy.error;
  if (!copy.data) return null;
  const kept = copy.data as ClipWithCopy['copy'];
  return { ...clip, copy: kept, picture_url: kept.picture_path ? clipFileUrl(db.url, kept.picture_path) : null };
}

export const clipCopyQueryOptions = (db: PublicDb, language: Language, slug: string) =>
  queryOptions({ queryKey: clipKeys.copy(language, slug), queryFn: () => getClipCopy(db, language, slug) });

export function useClipCopy(language: Language, slug: string) {
  return useQuery(clipCopyQueryOptions(usePublicDb(), language, slug));
}
