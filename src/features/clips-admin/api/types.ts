/**
 * The rows of issue 43's tables as the contract names them
 * (/work/clips-contract.md; migration 20261128140000_published_work.sql,
 * written by the server's side). Kept here rather than read from the
 * generated database.types.ts: the tab was built before the migration landed,
 * and only the columns it reads are named.
 */
export type ClipKind = 'web' | 'print';
export type ClipStatus = 'published' | 'hidden';
export type ClipLanguage = 'pt' | 'en';
export type LinkStatus = 'unchecked' | 'ok' | 'failing' | 'dead';
export type ClipSource = 'manual' | 'url' | 'feed' | 'csv' | 'print';

export interface Clip {
  id: string;
  kind: ClipKind;
  url: string | null;
  title: string;
  outlet: string | null;
  outlet_logo_url: string | null;
  byline: string | null;
  published_on: string | null;
  language: ClipLanguage;
  summary: string | null;
  image_url: string | null;
  image_alt: string | null;
  file_path: string | null;
  status: ClipStatus;
  featured: boolean;
  show_archive: boolean;
  slug: string;
  newsletter: boolean;
  source: ClipSource;
  link_status: LinkStatus;
  link_checked_at: string | null;
  link_error: string | null;
  created_at: string;
  updated_at: string;
  /** When its archived copy was made (read from clip_copies), null without one: not a column of clips. */
  copied_at: string | null;
}

export type JobKind = 'preview' | 'add' | 'feed' | 'csv' | 'archive' | 'check';
export type JobState = 'queued' | 'working' | 'done' | 'failed';

/** What a 'preview' job found on the page; any field may be missing. */
export interface PreviewResult {
  url?: string | null;
  title?: string | null;
  outlet?: string | null;
  outlet_logo_url?: string | null;
  byline?: string | null;
  published_on?: string | null;
  language?: string | null;
  summary?: string | null;
  image_url?: string | null;
}

export interface FeedItem {
  url: string;
  title?: string | null;
  published_on?: string | null;
}

export interface ClipJob {
  id: string;
  batch: string;
  kind: JobKind;
  input: string | null;
  clip_id: string | null;
  options: Record<string, unknown>;
  state: JobState;
  result: Record<string, unknown> | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface ClipFeed {
  id: string;
  url: string;
  feed_url: string | null;
  title: string | null;
  outlet: string | null;
  language: string | null;
  last_checked_at: string | null;
}
