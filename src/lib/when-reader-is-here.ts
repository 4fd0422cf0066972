/**
 * What says a reader is at the page, not only that it loaded: she touches,
 * types, scrolls or moves the pointer, or comes back to its tab. Code the
 * visible page does not need (the live updates' client) waits for this
 * (issue 28). Listened to passively, in the capture phase: it never delays
 * the page's own answer to the same input. The same signs as the pages'
 * starter (src/app/boot.js's SIGNS; a test holds the two lists together).
 */
export const READER_INPUT = ['keydown', 'mousemove', 'wheel', 'scroll', 'focusin', 'pointerdown', 'touchstart'] as const;

let readerSeen = false;

/** Set by src/app/boot.js: the app of a server-rendered page starts at the reader's first sign. */
declare global {
  interface Window {
    siteBoot?: { present(): boolean; ready(): void };
  }
}

/** Calls `then` once, at the reader's first sign (at once if she already gave one); returns a cancel. */
export function whenReaderIsHere(then: () => void): () => void {
  if (readerSeen || window.siteBoot?.present()) {
    then();
    return () => {};
  }
  let done = false;
  const seen = () => {
    if (done) return;
    readerSeen = true;
    forget();
    then();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') seen();
  };
  const options = { capture: true, passive: true } as const;
  for (const type of READER_INPUT) window.addEventListener(type, seen, options);
  // Only a change fires it: a tab shown after being hidden (opened in the background, or left and come back to).
  document.addEventListener('visibilitychange', onVisibility);
  function forget() {
    done = true;
    for (const type of READER_INPUT) window.removeEventListener(type, seen, options);
    document.removeEventListener('visibilitychange', onVisibility);
  }
  return forget;
}
