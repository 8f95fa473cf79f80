import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Links such as /about#privacy land on their section (the router does not scroll by itself), and a
 * new page starts at its top. Back and forward navigation is left to the browser.
 */
export function useScrollToHash(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is exactly when a new page must start at its top
  useEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      if (target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
      return;
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}
