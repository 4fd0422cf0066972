import { isLanguage, type Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import type { ListedClip } from '../api/get-clips';

/** Where a clip's entry leads: the original address, or a print clip's PDF or image; null when it has neither. */
export function clipOriginal(clip: Pick<ListedClip, 'kind' | 'url' | 'file_url'>): string | null {
  return clip.kind === 'print' ? clip.file_url : clip.url;
}

/** The archived copy's address on her site: in the clip's own language (its slug is unique there). */
export function clipCopyPath(clip: { language: string; slug: string }): string {
  const language: Language = isLanguage(clip.language) ? clip.language : 'pt';
  return paths.clipCopy(language, clip.slug);
}
