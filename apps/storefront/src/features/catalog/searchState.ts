import {
  ALL_CATEGORY_ID,
  PRODUCT_CONDITIONS,
  PRODUCT_PAGE_SIZE,
  PRODUCT_SORTS,
  type ProductCondition,
  type ProductQuery,
  type ProductSort,
} from '@kasuwa/contracts';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { KEEP_SCROLL } from '../../app/ScrollMemory';

/**
 * The whole home-page search lives in the URL query string
 * (?search=&category=&stateId=&cityId=&condition=|type=&minPrice=&maxPrice=&sort=)
 * so a search can be shared, survives a reload, and back/forward step through searches.
 */

/** The condition filter: any, a docs/search.md condition, or any kind of used (the product's `type=used`). */
export type ConditionFilter = 'all' | 'used' | ProductCondition;
export interface SearchState {
  /** Lowercased, trimmed (the product screen rules). */
  search: string;
  /** A category slug (or id); ALL_CATEGORY_ID means no filter. */
  category: string;
  /** State and city ids from `GET /api/locations` as digits ('' = anywhere); docs/delivery.md: never free text. */
  stateId: string;
  cityId: string;
  condition: ConditionFilter;
  /** Whole naira as typed digits ('' = no bound). */
  minPrice: string;
  maxPrice: string;
  sort: ProductSort;
  /**
   * The category's attribute filters as [name, value] pairs, names without `attr.` (`make`, `year.min`), in the
   * address as `attr.make=Toyota&attr.year.min=2010`; cleared when the category changes. Absent: none.
   */
  attrs?: [string, string][];
}

/** `attr.*` names the page passes on: an attribute key, optionally `.min` / `.max` (the API says whether it exists). */
const ATTR_NAME = /^[a-z][a-z0-9_]{0,29}(\.(min|max))?$/;

/** The `attr.*` pairs of an address, sorted (the same filters, the same address and query key). */
export function readAttrs(params: URLSearchParams): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (const [k, v] of params) {
    const name = k.slice(5);
    if (k.startsWith('attr.') && ATTR_NAME.test(name) && v.trim() && pairs.length < 20) pairs.push([name, v.trim().slice(0, 60)]);
  }
  pairs.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  return pairs.length ? pairs : undefined;
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

/** Digits of a naira amount ("₦250,000" → "250000"); '' when there are none. At most ₦1,000,000,000. */
export function normalisePrice(text: string): string {
  const digits = text
    .split('.')[0]
    .replace(/[^\d]/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 10);
  return digits && Number(digits) <= 1_000_000_000 ? digits : digits ? '1000000000' : '';
}

function readCondition(params: URLSearchParams): ConditionFilter {
  const condition = params.get('condition');
  if ((PRODUCT_CONDITIONS as readonly (string | null)[]).includes(condition)) return condition as ProductCondition;
  // The product's new/used links keep working: new is brand new, used is any kind of used.
  const type = params.get('type');
  return type === 'new' ? 'brand_new' : type === 'used' ? 'used' : 'all';
}

/** A place id from the address: digits only, else none. */
const readId = (v: string | null) => (v && /^\d{1,9}$/.test(v.trim()) ? v.trim() : '');

export function readSearchState(params: URLSearchParams): SearchState {
  const search = normaliseSearch(params.get('search') ?? '');
  const sortParam = params.get('sort') as ProductSort | null;
  let sort = sortParam && (PRODUCT_SORTS as readonly string[]).includes(sortParam) ? sortParam : defaultSort(search);
  if (sort === 'relevance' && !search) sort = 'newest';
  return {
    search,
    category: params.get('category')?.trim() || ALL_CATEGORY_ID,
    stateId: readId(params.get('stateId')),
    cityId: readId(params.get('cityId')),
    condition: readCondition(params),
    minPrice: normalisePrice(params.get('minPrice') ?? ''),
    maxPrice: normalisePrice(params.get('maxPrice') ?? ''),
    sort,
    ...(readAttrs(params) ? { attrs: readAttrs(params) } : {}),
  };
}

/** Defaults are left out so a plain home page has a plain address. */
export function toSearchString(state: SearchState): string {
  const params = new URLSearchParams();
  const search = normaliseSearch(state.search);
  if (search) params.set('search', search);
  if (state.category && state.category !== ALL_CATEGORY_ID) params.set('category', state.category);
  if (state.stateId) params.set('stateId', state.stateId);
  if (state.cityId) params.set('cityId', state.cityId);
  if (state.condition === 'used') params.set('type', 'used');
  else if (state.condition !== 'all') params.set('condition', state.condition);
  const [minPrice, maxPrice] = priceRange(state);
  if (minPrice) params.set('minPrice', minPrice);
  if (maxPrice) params.set('maxPrice', maxPrice);
  if (state.sort !== defaultSort(search) && !(state.sort === 'relevance' && !search)) params.set('sort', state.sort);
  for (const [k, v] of state.attrs ?? []) params.append(`attr.${k}`, v);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The bounds in order: someone who types 200,000 then 50,000 means between the two. */
function priceRange(state: SearchState): [string, string] {
  const min = normalisePrice(state.minPrice);
  const max = normalisePrice(state.maxPrice);
  return min && max && Number(min) > Number(max) ? [max, min] : [min, max];
}

/** The `GET /products` query of a search state. */
export function toProductQuery(state: SearchState): ProductQuery {
  const [minPrice, maxPrice] = priceRange(state);
  return {
    search: state.search || undefined,
    category: state.category === ALL_CATEGORY_ID ? undefined : state.category,
    stateId: state.stateId ? Number(state.stateId) : undefined,
    cityId: state.cityId ? Number(state.cityId) : undefined,
    type: state.condition === 'used' ? 'used' : undefined,
    condition: state.condition === 'all' || state.condition === 'used' ? undefined : state.condition,
    minPrice: minPrice || undefined,
    maxPrice: maxPrice || undefined,
    sort: state.sort,
    limit: PRODUCT_PAGE_SIZE,
    ...attrQuery(state.attrs),
  };
}

/** The `attr.*` query fields of the pairs (several values of one name: a list). */
export function attrQuery(attrs: [string, string][] | undefined): Record<`attr.${string}`, string | string[]> {
  const out: Record<`attr.${string}`, string | string[]> = {};
  for (const [k, v] of attrs ?? []) {
    const key = `attr.${k}` as const;
    const had = out[key];
    out[key] = had === undefined ? v : ([] as string[]).concat(had, v);
  }
  return out;
}

export type HistoryMode = 'push' | 'replace';

/** The current search plus a setter that writes a new one into the URL (of `pathname`: the home page, or a shop's). */
export function useSearchState(pathname = '/'): [SearchState, (patch: Partial<SearchState>, mode?: HistoryMode) => void] {
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
      // Another category has other attributes: its filters start afresh.
      if (patch.category !== undefined && patch.category !== current.category && patch.attrs === undefined) delete next.attrs;
      if (patch.search !== undefined && patch.sort === undefined && normaliseSearch(patch.search) !== current.search) {
        // A new query starts with the sort that fits it, unless the user chose a price order.
        if (current.sort === 'relevance' || current.sort === 'newest') next.sort = defaultSort(normaliseSearch(patch.search));
      }
      const search = toSearchString(next);
      if (search === window.location.search || (search === '' && window.location.search === '?')) return;
      void navigate({ pathname, search, hash: '' }, { replace: mode === 'replace', state: KEEP_SCROLL });
    },
    [navigate, pathname],
  );

  return [state, update];
}
