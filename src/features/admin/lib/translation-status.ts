import type { BlogPost } from '../api/get-admin-posts';
import type { Counterpart } from '../api/translations';

/**
 * Where a post stands with its translation (issue 13), from the flags the
 * database keeps (blog_posts.translation_outdated):
 * - 'none': no post in the other language is linked ("Sem tradução");
 * - 'translated': both versions are in step ("Traduzido");
 * - 'outdated': this post's title, excerpt or text changed after its
 *   translation was last brought in line: the translation needs work
 *   ("Tradução desatualizada");
 * - 'behind': the other version changed since this one was last brought in
 *   line: this post needs work ("A versão em … mudou").
 */
export type TranslationStatus = 'none' | 'translated' | 'outdated' | 'behind';

export function translationStatus(
  post: Pick<BlogPost, 'translation_outdated'>,
  counterpart: Pick<Counterpart, 'translation_outdated'> | null,
): TranslationStatus {
  if (!counterpart) return 'none';
  if (counterpart.translation_outdated) return 'outdated';
  if (post.translation_outdated) return 'behind';
  return 'translated';
}
