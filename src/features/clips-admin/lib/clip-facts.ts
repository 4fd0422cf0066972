import type { Clip } from '../api/types';

export const hasCopy = (clip: Pick<Clip, 'copied_at'>) => clip.copied_at !== null;

export const yearOf = (clip: Pick<Clip, 'published_on'>) => clip.published_on?.slice(0, 4) ?? '';
