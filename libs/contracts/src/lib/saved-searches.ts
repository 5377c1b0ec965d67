import type { ProductQuery } from './catalog';

/** Most saved searches one user keeps. */
export const MAX_SAVED_SEARCHES = 20;

/** The filters a saved search keeps (the results page's query, without paging and sort). */
export type SavedSearchQuery = Pick<
  ProductQuery,
  'search' | 'category' | 'stateId' | 'cityId' | 'type' | 'condition' | 'minPrice' | 'maxPrice'
>;

export interface SavedSearch {
  id: number;
  query: SavedSearchQuery;
  /** "iphone in Lagos under ₦300,000": built from the query unless the user named it. */
  label: string;
  createdAt: string;
}
/** `POST /api/saved-searches`: the query's fields at the top level, and an optional label. */
export type CreateSavedSearchRequest = SavedSearchQuery & { label?: string };
export interface SavedSearchesResponse {
  data: SavedSearch[];
}
