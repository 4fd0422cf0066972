/**
 * Runs `task` once the page is really in front of a reader and the browser
 * has nothing better to do: not while it is prerendered (a guess of where
 * the reader goes next) or in a hidden tab, and never in the way of the
 * page's own work. Returns a cancel for a page left before that moment.
 */
export function whenSeen(task: () => void): () => void {
  let idle: number | undefined;
  const check = () => {
    if ((document as { prerendering?: boolean }).prerendering || document.visibilityState !== 'visible') return;
    stopListening();
    idle = window.requestIdleCallback ? window.requestIdleCallback(task, { timeout: 3000 }) : window.setTimeout(task, 1500);
  };
  const stopListening = () => {
    document.removeEventListener('visibilitychange', check);
    document.removeEventListener('prerenderingchange', check);
  };
  document.addEventListener('visibilitychange', check);
  document.addEventListener('prerenderingchange', check);
  check();
  return () => {
    stopListening();
    if (idle === undefined) return;
    if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
