import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The router does not scroll to #fragments on client-side navigation (e.g.
 * 'Voltar ao blog' to /pt#blog), so the page does it once it has rendered.
 */
export function useScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView?.();
    else if (!hash) document.scrollingElement?.scrollTo?.({ top: 0, behavior: 'instant' });
  }, [hash, pathname]);
}
