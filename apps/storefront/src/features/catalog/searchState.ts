import { ALL_CATEGORY_ID, PRODUCT_PAGE_SIZE, PRODUCT_SORTS, type Condition, type ProductQuery, type ProductSort } from '@kasuwa/contracts';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/**
 * The whole home-page search lives in the URL query string (?search=&category=&location=&type=&sort=)
 * so a search can be shared, survives a reload, and back/forward step through searches.
 */
export interface SearchState {
  /** Lowercased, trimmed (spec §4). */
  search: string;
  /** A category slug (or id); ALL_CATEGORY_ID means no filter. */
  category: string;
  location: string;
  type: Condition;
  sort: ProductSort;
}

export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/** Relevance only means something while searching; otherwise the newest listings come first. */
export function defaultSort(search: string): ProductSort {
  return search ? 'relevance' : 'newest';
}

export function normaliseSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function readSearchState(params: URLSearchParams): SearchState {
  const search = normaliseSearch(params.get('search') ?? '');
  const type = params.get('type');
  const sortParam = params.get('sort') as ProductSort | null;
  let sort = sortParam && (PRODUCT_SORTS as readonly string[]).includes(sortParam) ? sortParam : defaultSort(search);
  if (sort === 'relevance' && !search) sort = 'newest';
  return {
    search,
    category: params.get('category')?.trim() || ALL_CATEGORY_ID,
    location: (params.get('location') ?? '').trim(),
    type: type === 'new' || type === 'used' ? type : 'all',
    sort,
  };
}

/** Defaults are left out so a plain home page has a plain address. */
export function toSearchString(state: SearchState): string {
  const params = new URLSearchParams();
  const search = normaliseSearch(state.search);
  if (search) params.set('search', search);
  if (state.category && state.category !== ALL_CATEGORY_ID) params.set('category', state.category);
  if (state.location.trim()) params.set('location', state.location.trim());
  if (state.type !== 'all') params.set('type', state.type);
  if (state.sort !== defaultSort(search) && !(state.sort === 'relevance' && !search)) params.set('sort', state.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The `GET /products` query of a search state. */
export function toProductQuery(state: SearchState): ProductQuery {
  return {
    search: state.search || undefined,
    category: state.category === ALL_CATEGORY_ID ? undefined : state.category,
    location: state.location || undefined,
    type: state.type === 'all' ? undefined : state.type,
    sort: state.sort,
    limit: PRODUCT_PAGE_SIZE,
  };
}

export type HistoryMode = 'push' | 'replace';

/** The current search plus a setter that writes a new one into the URL. */
export function useSearchState(): [SearchState, (patch: Partial<SearchState>, mode?: HistoryMode) => void] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const key = params.toString();
  // A stable object while the query string is unchanged, so effects keyed on it do not re-run.
  const state = useMemo(() => readSearchState(new URLSearchParams(key)), [key]);

  const update = useCallback(
    (patch: Partial<SearchState>, mode: HistoryMode = 'push') => {
      // Read the live URL, not a render's snapshot: debounced writes may land between renders.
      const current = readSearchState(new URLSearchParams(window.location.search));
      const next = { ...current, ...patch };
      if (patch.search !== undefined && patch.sort === undefined && normaliseSearch(patch.search) !== current.search) {
        // A new query starts with the sort that fits it, unless the user chose a price order.
        if (current.sort === 'relevance' || current.sort === 'newest') next.sort = defaultSort(normaliseSearch(patch.search));
      }
      const search = toSearchString(next);
      if (search === window.location.search || (search === '' && window.location.search === '?')) return;
      navigate({ pathname: '/', search, hash: '' }, { replace: mode === 'replace', preventScrollReset: true });
    },
    [navigate],
  );

  return [state, update];
}
