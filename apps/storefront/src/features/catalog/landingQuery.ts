import { ALL_CATEGORY_ID, type LandingPage, type ProductQuery } from '@kasuwa/contracts';
import { readSearchState, toProductQuery, type SearchState } from './searchState';

/**
 * A landing page's listings (`/lagos/mobile-phones?sort=price_asc`): its category and place from the page, the
 * sort and filters from the query string, as the home page reads them. The server computes the same query for the
 * first view (entry-server.tsx), so the embedded first page is the one the page asks for.
 */
export function landingQuery(page: LandingPage, params: URLSearchParams | SearchState): ProductQuery {
  const state = params instanceof URLSearchParams ? readSearchState(params) : params;
  const query = toProductQuery({
    ...state,
    search: '',
    category: page.query.category || ALL_CATEGORY_ID,
    stateId: String(page.query.stateId),
    cityId: '',
  });
  return page.query.lgaId ? { ...query, lgaId: page.query.lgaId } : query;
}
