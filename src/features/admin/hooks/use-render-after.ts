import { useEffect, useReducer } from 'react';

/** setTimeout's longest delay (about 24.8 days); a later time is waited for in steps. */
const LONGEST_DELAY = 2 ** 31 - 1;

/**
 * Renders again once `at` (ms since the epoch) has passed, so what the
 * component reads of the clock then is after it: a scheduled post's card
 * turns into a published one at its minute, without a reload. null: nothing
 * to wait for.
 */
export function useRenderAfter(at: number | null): void {
  const [renders, renderAgain] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const left = at === null ? -1 : at - Date.now();
    if (left < 0) return;
    const timer = setTimeout(renderAgain, Math.min(left + 1, LONGEST_DELAY));
    return () => clearTimeout(timer);
  }, [at, renders]);
}
