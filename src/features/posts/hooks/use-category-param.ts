import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CATEGORY_PARAM, isCategoryOf, type Category } from '@/lib/categories';
import type { Language } from '@/lib/language';

/**
 * The chosen category lives in the URL (?category=Crisis%20Communication), so a
 * filtered list survives a reload and can be shared. One parameter name for
 * both languages; the value is the category exactly as stored on the posts.
 * Missing or unknown values mean 'all'.
 */
export type CategoryChoice = Category | 'all';

export function useCategoryParam(language: Language): [CategoryChoice, (next: CategoryChoice) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(CATEGORY_PARAM) ?? '';
  const current: CategoryChoice = isCategoryOf(language, raw) ? raw : 'all';

  const setCategory = useCallback(
    (next: CategoryChoice) => {
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          if (next === 'all') updated.delete(CATEGORY_PARAM);
          else updated.set(CATEGORY_PARAM, next);
          return updated;
        },
        // Filtering is not a new page: no history entry, no jump to the top.
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return [current, setCategory];
}
