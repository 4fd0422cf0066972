import type { Language } from '@/lib/language';

/**
 * A post's full address, as readers will reach it (issue 23): the site's
 * origin, its language and its slug. Built here until src/lib/paths.ts offers
 * `paths.post(language, slug)`; then this is `origin + paths.post(…)`.
 */
export function postAddress(language: Language, slug: string, origin: string = window.location.origin): string {
  return `${origin}/${language}/${slug}`;
}
