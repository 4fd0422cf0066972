import type { Language } from './language';

/** The fixed category lists of spec §9; the database enforces the same lists. */
export const CATEGORIES = {
  en: ['Media Relations', 'Crisis Communication', 'Personal Experiences', 'Others'],
  pt: ['Relações com Mídia', 'Comunicação de Crise', 'Experiências Pessoais', 'Outros'],
} as const satisfies Record<Language, readonly string[]>;

export type Category<L extends Language = Language> = (typeof CATEGORIES)[L][number];

export function isCategoryOf(language: Language, value: string): value is Category {
  return (CATEGORIES[language] as readonly string[]).includes(value);
}

/** The query parameter that holds the blog's chosen category (?category=Crisis%20Communication). */
export const CATEGORY_PARAM = 'category';

/** The same category in the other language (the lists are parallel), or undefined. */
export function translateCategory(value: string, from: Language, to: Language): Category | undefined {
  const index = (CATEGORIES[from] as readonly string[]).indexOf(value);
  return index < 0 ? undefined : CATEGORIES[to][index];
}
