import { clipsDb } from './db';
import { refusal } from './clip-error';
import type { Clip } from './types';

/** The columns the tab reads, with the date of the copy when there is one (the copy's text stays on the server). */
export const CLIP_COLUMNS =
  'id, kind, url, title, outlet, outlet_logo_url, byline, published_on, language, summary, image_url, image_alt, file_path, status, featured, show_archive, slug, newsletter, source, link_status, link_checked_at, link_error, created_at, updated_at, clip_copies(fetched_at)';

const PAGE = 1000;

/**
 * Every clip, featured first, then newest first (by date of publication,
 * undated ones last, then by when she added them). Read whole, a thousand at
 * a time: thirty-one years are a few thousand rows, and the filters, the
 * counts and the choices of outlet and year come from the same list.
 */
export async function listClips(): Promise<Clip[]> {
  const rows: Clip[] = [];
  for (let from = 0; ; from += PAGE) {
    const answer = await clipsDb
      .from('clips')
      .select(CLIP_COLUMNS)
      .order('featured', { ascending: false })
      .order('published_on', { ascending: false, nullsFirst: false })
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .range(from, from + PAGE - 1);
    if (answer.error) throw refusal(answer);
    rows.push(...(answer.data as Clip[]));
    if (answer.data.length < PAGE) return rows;
  }
}

/** The fields she writes on a clip (the server's own, like link_status and slug, are left out). */
export type ClipFields = Pick<
  Clip,
  'url' | 'title' | 'outlet' | 'outlet_logo_url' | 'byline' | 'published_on' | 'language' | 'summary' | 'image_alt' | 'status' | 'featured' | 'newsletter'
> &
  Partial<Pick<Clip, 'show_archive' | 'kind' | 'file_path' | 'source'>>;

export async function updateClip(id: string, fields: Partial<ClipFields>): Promise<void> {
  const answer = await clipsDb.from('clips').update(fields).eq('id', id);
  if (answer.error) throw refusal(answer);
}

export async function deleteClip(id: string): Promise<void> {
  const answer = await clipsDb.from('clips').delete().eq('id', id);
  if (answer.error) throw refusal(answer);
}

/**
 * A clip she wrote in the form, inserted directly; its slug is made by the
 * database from the title (trigger clips_assign_slug, -2, -3… when taken).
 */
export async function insertClip(fields: ClipFields): Promise<string> {
  const answer = await clipsDb.from('clips').insert(fields).select('id').single();
  if (answer.error) throw refusal(answer);
  return (answer.data as { id: string }).id;
}
