import { useEffect, useState } from 'react';

/** setTimeout's longest delay (about 24.8 days); a later time is waited for in steps. */
const LONGEST_DELAY = 2 ** 31 - 1;

/**
 * The current time, read again once `at` (ms since the epoch) has passed: a
 * scheduled post's card turns into a published one at its minute, without a
 * reload. null: nothing to wait for.
 */
export function useTimePassing(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at < now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(at - now + 1, LONGEST_DELAY));
    return () => clearTimeout(timer);
  }, [at, now]);
  return now;
}
