import { useEffect, useState } from 'react';

/**
 * True while `pending` and for at most `limitMs`: long enough to fade the
 * stored texts in instead of flashing the built-in ones, short enough that a
 * slow or hanging settings call never leaves the page blank.
 */
export function useSettling(pending: boolean, limitMs = 800): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setExpired(true), limitMs);
    return () => clearTimeout(timer);
  }, [pending, limitMs]);
  return pending && !expired;
}
