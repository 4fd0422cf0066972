import { useEffect, useRef } from 'react';

/** A fresh AbortSignal per wait, aborted when the component leaves (a dialog closed while the server works). */
export function useAbortSignal() {
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const all = controllers.current;
    return () => all.forEach((c) => c.abort(new DOMException('closed', 'AbortError')));
  }, []);
  return () => {
    const controller = new AbortController();
    controllers.current.add(controller);
    return controller.signal;
  };
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
