import type { Clip } from '../api/types';

/** When the clip's copy was made, or null: PostgREST embeds a one-to-one row as an object (or, by older rules, an array). */
export function copyFetchedAt(clip: Clip): string | null {
  const copy = Array.isArray(clip.clip_copies) ? clip.clip_copies[0] : clip.clip_copies;
  return copy?.fetched_at ?? null;
}

export const hasCopy = (clip: Clip) => copyFetchedAt(clip) !== null;

export const yearOf = (clip: Clip) => clip.published_on?.slice(0, 4) ?? '';
