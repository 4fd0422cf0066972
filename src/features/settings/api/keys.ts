import type { Language } from '@/lib/language';

/** Query keys of the settings; the admin's save invalidates `byLanguage`. */
export const settingsKeys = {
  all: ['settings'] as const,
  byLanguage: (language: Language) => [...settingsKeys.all, language] as const,
};
