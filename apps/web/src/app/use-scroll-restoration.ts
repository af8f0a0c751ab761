import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the router's own `ScrollRestoration` kept positions, so a reload across this change keeps them. */
const storageKey = 'react-router-scroll-positions';

function readPositions(): Record<string, number> {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(storageKey) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

const positions = readPositions();

/**
 * What the data router's `ScrollRestoration` did, for the declarative router: back and forward return
 * to where the page was scrolled, a new page (a link, a redirect) starts at the top, and positions
 * survive a reload of the tab (session storage, written when the page is hidden).
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      positions[currentKey.current] = window.scrollY;
    };
    const onPageHide = () => {
      try {
        window.sessionStorage.setItem(storageKey, JSON.stringify(positions));
      } catch {
        // Storage may be full or refused; positions are then kept for this visit only.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.history.scrollRestoration = 'auto';
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = positions[location.key];
    window.scrollTo(0, navigationType === 'POP' && saved !== undefined ? saved : 0);
  }, [location.key, navigationType]);
}
