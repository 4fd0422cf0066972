import { clipsDb } from './db';
import { refusal } from './clip-error';
import type { Clip } from './types';

/** The columns the tab reads (the date of each copy comes from clip_copies, read beside them). */
export const CLIP_COLUMNS =
  'id, kind, url, title, outlet, outlet_logo_url, byline, published_on, language, summary, image_url, image_alt, file_path, status, featured, show_archive, slug, newsletter, source, link_status, link_checked_at, link_error, created_at, updated_at';

const PAGE = 1000;

/** Every row of a read, a thousand at a time (PostgREST's usual cap on one answer). */
async function readAll<T>(page: (from: number, to: number) => PromiseLike<{ data: unknown[] | null; error: unknown; status: number }>): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE) {
    const answer = await page(from, from + PAGE - 1);
    if (answer.error) throw refusal(answer as Parameters<typeof refusal>[0]);
    rows.push(...((answer.data ?? []) as T[]));
    if ((answer.data ?? []).length < PAGE) return rows;
  }
}

/**
 * Every clip, featured first, then newest first (by date of publication,
 * undated ones last, then by when she added them), each with the date of its
 * copy. Read whole: thirty-one years are a few thousand rows, and the
 * filters, the counts and the choices of outlet and year come from the same
 * list. The copies are a second read rather than an embedding, which the
 * local backend does not do.
 */
export async function listClips(): Promise<Clip[]> {
  const [clips, copies] = await Promise.all([
    readAll<Omit<Clip, 'copied_at'>>((from, to) =>
      clipsDb
        .from('clips')
        .select(CLIP_COLUMNS)
        .order('featured', { ascending: false })
        .order('published_on', { ascending: false, nullsFirst: false })
        .order('created_at', { ascending: false })
        .order('id', { ascending: true })
        .range(from, to),
    ),
    readAll<{ clip_id: string; fetched_at: string }>((from, to) =>
      clipsDb.from('clip_copies').select('clip_id, fetched_at').order('clip_id').range(from, to),
    ),
  ]);
  const copiedAt = new Map(copies.map((c) => [c.clip_id, c.fetched_at]));
  return clips.map((clip) => ({ ...clip, copied_at: copiedAt.get(clip.id) ?? null }));
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
