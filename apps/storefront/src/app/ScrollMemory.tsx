import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where the positions live between reloads of the tab (per history entry, as the browser keeps them). */
export const SCROLL_STORAGE_KEY = 'kasuwa-scroll-positions';
/** The most history entries remembered: a long session does not grow sessionStorage without end. */
const MAX_ENTRIES = 50;

/**
 * Navigation state that keeps the page where it is (a filter or a tab changed in place: the list under the finger
 * stays), where any other move to a new address starts at the top.
 */
export const KEEP_SCROLL = { keepScroll: true } as const;

function readPositions(): Record<string, number> {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as unknown;
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Whether this document was opened by a link or the address bar (not a reload, not Back or Forward into it). */
function freshlyOpened(): boolean {
  const [entry] = (window.performance?.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type === 'navigate';
}

function savePositions(positions: Record<string, number>): void {
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
  try {
    window.sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions));
  } catch {
    /* storage full or blocked: positions are kept for this page's life only */
  }
}

/**
 * Scroll like a site of whole pages (the storefront rule "Back returns to where you were", docs/storefront.md): a new
 * address starts at the top (or at its #hash), Back and Forward return to where the page was left, also after a reload
 * of the tab. The browser's own restoration is off: it would restore before the page's chunk has rendered.
 */
export function ScrollMemory() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const current = useRef(location.key);
  const isFirst = useRef(true);

  useLayoutEffect(() => {
    positions.current = readPositions();
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const remember = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        positions.current![current.current] = window.scrollY;
      });
    };
    const persist = () => savePositions(positions.current!);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const first = isFirst.current;
    isFirst.current = false;
    if (type === 'POP') {
      // The page as first opened is a POP too: restored on a reload or Back into the tab, not when newly opened (every
      // newly opened page has the key "default", so another page's position would be restored).
      if (first && freshlyOpened()) return;
      const y = positions.current?.[location.key];
      if (y !== undefined) window.scrollTo(0, y);
      return;
    }
    if ((location.state as typeof KEEP_SCROLL | null)?.keepScroll) return;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, location.state, type]);

  return null;
}
