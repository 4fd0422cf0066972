import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CATEGORY_PARAM } from '@/lib/categories';
import type { Language } from '@/lib/language';
import { categoryFromParams, PAGE_PARAM, pageFromParams, type CategoryChoice } from '../lib/listing-params';

export type { CategoryChoice } from '../lib/listing-params';

/**
 * The chosen category lives in the URL (?category=Crisis%20Communication), so a
 * filtered list survives a reload and can be shared. One parameter name for
 * both languages; the value is the category exactly as stored on the posts.
 * Missing or unknown values mean 'all'. Choosing a category starts its list
 * at page 1.
 */
export function useCategoryParam(language: Language): [CategoryChoice, (next: CategoryChoice) => void] {
  const [params, setParams] = useSearchParams();
  const current = categoryFromParams(language, params);

  const setCategory = useCallback(
    (next: CategoryChoice) => {
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          if (next === 'all') updated.delete(CATEGORY_PARAM);
          else updated.set(CATEGORY_PARAM, next);
          updated.delete(PAGE_PARAM);
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

/** The listing page the URL asks for (?page=2), 1 when none. */
export function usePageParam(): number {
  const [params] = useSearchParams();
  return pageFromParams(params);
}
