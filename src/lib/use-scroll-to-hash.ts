import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The address the document was loaded with: the browser placed that page (its #fragment, or where she had scrolled to). */
let loadedWith: string | undefined = typeof window === 'undefined' ? undefined : window.location.pathname + window.location.hash;

/**
 * The router does not scroll to #fragments on client-side navigation (e.g.
 * 'Voltar ao blog' to /pt#blog), so the page does it once it has rendered.
 * Not on the page the document was loaded with: the browser already did,
 * and a reader who scrolled before the app hydrated stays where she is
 * (the scroll also cost a forced layout in the middle of hydration, issue 28).
 */
export function useScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    const loadedPage = loadedWith === pathname + hash;
    loadedWith = undefined;
    if (loadedPage) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView?.();
    else if (!hash) document.scrollingElement?.scrollTo?.({ top: 0, behavior: 'instant' });
  }, [hash, pathname]);
}
