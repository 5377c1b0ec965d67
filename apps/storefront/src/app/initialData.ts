import type { Category, LandingPage, MoneyRules, ProductDetail, ProductList, Review, SellerProfile } from '@kasuwa/contracts';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { DATA_SCRIPT_ID } from './dataScriptId';
import { afterParts } from './Part';
import { replayTap } from './replayTap';
import type { ColorMode } from './theme';

/**
 * What the server fetched for the first screen of a public page (the same shapes as the API answers),
 * embedded once in the HTML as JSON. The page renders from it on the server and hydrates from it in the
 * browser, so the first screen needs no spinner and no second call.
 */
export interface InitialData {
  /** The server's clock when it rendered: "5 minutes ago" must read the same while hydrating. */
  now?: number;
  /** The colours the server rendered the page in (the user's, as its cookie or the browser's hint told): hydrated in them. */
  colorMode?: ColorMode;
  /** `GET /api/money/rules`: the time limits the policy pages and the FAQ state. */
  moneyRules?: MoneyRules;
  /** `GET /api/category/categories` → data.categories. */
  categories?: Category[];
  /** `GET /api/products` for the home page's query (`query` is the JSON of the ProductQuery). */
  products?: { query: string; list: ProductList };
  /** `GET /api/products/{id}` → data, or null when it does not exist or is not public. */
  product?: { id: string; detail: ProductDetail | null };
  /** `GET /api/sellers/{id}` → data (null: no such shop) and the first `GET /api/sellers/{id}/reviews`; its listings are `products`. */
  seller?: { id: string; profile: SellerProfile | null; reviews: Review[] };
  /** `GET /api/landing-pages?path=` for the address (null: no such page); its listings are `products`. */
  landing?: { path: string; page: LandingPage | null };
}

export { DATA_SCRIPT_ID };

export const InitialDataContext = createContext<InitialData>({});

export function useInitialData(): InitialData {
  return useContext(InitialDataContext);
}

/*
 * Each piece is for the first render only: once a page has taken it (into its own cache), a later
 * visit to the same page in this tab fetches fresh data as before.
 */
const taken = new WeakSet<object>();
export function isTaken(piece: object | undefined | null): boolean {
  return !piece || taken.has(piece);
}
export function take(piece: object | undefined | null): void {
  if (piece) taken.add(piece);
}

let hydrationNow: number | null = null;

/** The time to render "time ago" with: the server's while hydrating its HTML, the clock afterwards. */
export function renderNow(): number {
  return hydrationNow ?? Date.now();
}

export function setHydrationNow(now: number | null): void {
  hydrationNow = now;
}

/** The embedded data, or null on a page the server sent as the plain app shell. */
export function readEmbeddedData(): InitialData | null {
  const el = document.getElementById(DATA_SCRIPT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as InitialData;
  } catch {
    return null;
  }
}

/** JSON safe inside a <script> element: no "</script>", no HTML comment openers, no JS line separators. */
export function embedJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/*
 * Whether the whole server-rendered page has hydrated (the page's Suspense boundary included, which React
 * hydrates after the shell). Anything that changes the look of the page (the stored dark mode) waits for
 * it: a boundary hydrated with other props than the server's keeps the server's class names.
 */
let pageHydrated = false;
const hydrationListeners = new Set<() => void>();

export function usePageHydrated(): boolean {
  return useSyncExternalStore(
    (listener) => {
      hydrationListeners.add(listener);
      return () => hydrationListeners.delete(listener);
    },
    () => pageHydrated,
    () => false,
  );
}

/**
 * Rendered last inside the page's Suspense boundary: its effect runs once the page itself has hydrated, and it
 * marks the page hydrated once every part React hydrates on its own (Part) has too.
 */
export function PageHydrated(): null {
  useEffect(() => afterParts(markHydrated), []);
  return null;
}

function markHydrated(): void {
  if (pageHydrated) return;
  pageHydrated = true;
  // Only now does "time ago" read the real clock: the page's boundary hydrates after the shell, and a card
  // hydrated with a later clock than the server's may read "6 minutes ago" where the HTML says 5 (a mismatch).
  hydrationNow = null;
  // For tests and tools: the server's page now answers taps (buttons do nothing before this).
  document.documentElement.setAttribute('data-hydrated', '');
  hydrationListeners.forEach((l) => l());
  replayTap();
}
