import { useCallback } from 'react';
import { toast } from '@/components/ui/toast';
import { t } from '@/lib/i18n';
import { isLanguage, type Language } from '@/lib/language';
import { postUrl } from '@/lib/paths';
import type { Post } from '../api/get-posts';

// By name: a DOMException is not an Error in every environment.
const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/**
 * Spec §2: the device share sheet with title, excerpt and link; without one,
 * copy the link and say so. Closing the share sheet (AbortError) is the
 * reader's choice, not a failure; any other share error falls back to copying.
 */
export function useSharePost(language: Language) {
  return useCallback(
    async (post: Pick<Post, 'title' | 'excerpt' | 'language' | 'slug'>) => {
      const url = postUrl(isLanguage(post.language) ? post.language : language, post.slug);
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: post.title, text: post.excerpt ?? '', url });
          return;
        } catch (error) {
          if (isAbort(error)) return;
        }
      }
      const texts = t(language).share;
      try {
        await navigator.clipboard.writeText(url);
        toast({ title: texts.copied });
      } catch {
        toast({ title: texts.copyFailed, description: url, variant: 'destructive' });
      }
    },
    [language],
  );
}
