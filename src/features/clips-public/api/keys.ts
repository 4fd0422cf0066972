import type { Language } from '@/lib/language';
import type { ClipsView } from '../lib/clips-params';

/** Query keys of the public clips' reads (issue 43). */
export const clipKeys = {
  all: ['clips'] as const,
  page: (view: ClipsView) => [...clipKeys.all, 'page', view.outlet, view.year, view.page] as const,
  facets: () => [...clipKeys.all, 'facets'] as const,
  home: () => [...clipKeys.all, 'home'] as const,
  copy: (language: Language, slug: string) => [...clipKeys.all, 'copy', language, slug] as const,
  movedPost: (language: Language) => [...clipKeys.all, 'moved-post', language] as const,
};
