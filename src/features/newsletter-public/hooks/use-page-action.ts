import { useState } from 'react';

/**
 * A page's one button, run in place (JavaScript): busy while it runs,
 * failed when it did not answer. Plain state rather than a React Query
 * mutation, whose code would otherwise join the home page's first load
 * (the bundler shares it with the form there; npm run size).
 */
export function usePageAction<T>(run: () => Promise<T>, done: (result: T) => void) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const start = () => {
    setBusy(true);
    setFailed(false);
    run()
      .then(done, () => setFailed(true))
      .finally(() => setBusy(false));
  };
  return { busy, failed, start };
}
