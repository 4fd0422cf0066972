import type { PostgrestClient } from '@supabase/postgrest-js';
import type { PublicDb } from '@/lib/public-db';

/**
 * A published clip as readers see it (issue 43, public.clips: see
 * docs/decisions/290-published-work.md for the table). Only what the public
 * pages show: no link-check details beyond whether the original still lives,
 * no feed, no newsletter flag.
 */
export interface PublicClip {
  id: string;
  kind: 'web' | 'print';
  url: string | null;
  title: string;
  outlet: string | null;
  outlet_logo_url: string | null;
  byline: string | null;
  /** A date without time: 2024-03-15. */
  published_on: string | null;
  language: string;
  summary: string | null;
  image_url: string | null;
  image_alt: string | null;
  file_path: string | null;
  featured: boolean;
  show_archive: boolean;
  slug: string;
  link_status: string;
  updated_at: string;
}

export const CLIP_COLUMNS =
  'id, kind, url, title, outlet, outlet_logo_url, byline, published_on, language, summary, image_url, image_alt, file_path, featured, show_archive, slug, link_status, updated_at';

/**
 * The same client, untyped for the clips' tables, whose generated types come
 * with clips-server's migration; every row read is narrowed to the interface
 * above at the one place it is read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const clipsDb = (db: PublicDb) => db as unknown as PostgrestClient<any>;

/** Newest first, featured before all: equal dates in a fixed order, so pages never repeat or skip a clip. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function inListOrder<Q extends { order: (column: string, options: any) => Q }>(query: Q, featuredFirst = true): Q {
  const ordered = featuredFirst ? query.order('featured', { ascending: false }) : query;
  return ordered
    .order('published_on', { ascending: false, nullsFirst: false })
    .order('created_at', { ascending: false })
    .order('id', { ascending: true });
}
