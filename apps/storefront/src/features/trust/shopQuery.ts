import type { ProductQuery } from '@kasuwa/contracts';
import { readSearchState, toProductQuery, type SearchState } from '../catalog/searchState';

/** A shop's listings for its search (`/seller/{id}?search=…`): the home page's query, limited to that seller. */
export function shopQuery(params: URLSearchParams | SearchState, sellerId: string | number): ProductQuery {
  const state = params instanceof URLSearchParams ? readSearchState(params) : params;
  return { ...toProductQuery(state), sellerId: /^\d{1,9}$/.test(String(sellerId)) ? Number(sellerId) : undefined };
}
