import { PRODUCT_PAGE_SIZE, PRODUCT_SORTS, type ProductSort } from '@kasuwa/contracts';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment, lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { Part } from '../../app/Part';
import { renderNow } from '../../app/initialData';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { CategoryChips } from './CategoryChips';
import { Hero } from './Hero';
import { LightSelect } from './LightFields';
import { ProductCard, ProductCardSkeleton, ProductGrid } from './ProductCard';
import { SearchPanel } from './SearchPanel';
import SaveSearchButton from '../trust/SaveSearchButton';
import { PartialMatchesNote, SearchStatus } from './SearchStatus';
import { SORT_LABELS, toProductQuery, toSearchString, useSearchState } from './searchState';
import { useLocations } from './useLocations';
import { useCategories } from './useCategories';
import { countText } from './countText';
import { useProductSearch } from './useProductSearch';
import { SearchResults } from './SearchResults';

/** A category's attribute filters: in their own chunk, loaded only when the answer has facets (the first-view budget is full). */
const AttributeFilters = lazy(() => import('./AttributeFilters'));

/** Cards in the first row on a phone: their photos load first, with high priority. */
const FIRST_ROW = 2;
/**
 * Cards in the first two rows: their photos are not lazy. On Lighthouse's phone (412 px) the page's largest
 * paint was the third card's photo, and a lazy image is only asked for once the page has laid out.
 */
const FIRST_SCREEN = 4;

export default function HomePage() {
  const location = useLocation();
  const [state, update] = useSearchState();
  const { categories, error: categoriesError, retry: retryCategories } = useCategories();
  const query = useMemo(() => toProductQuery(state), [state]);
  const search = useProductSearch(query, location.key);
  const { results, loading, loadingMore, moreError, loadMore } = search;
  const productsRef = useRef<HTMLElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const hasMore = Boolean(results?.nextCursor);
  const itemCount = results?.items.length ?? 0;
  // A state chosen and no words: a category chip leads to that category's landing page in the state, the other
  // filters kept (the state's slug comes with the places list, which the search panel loads for a chosen state).
  const { states } = useLocations(Boolean(state.stateId));
  const stateSlug = state.search ? undefined : states?.find((s) => String(s.id) === state.stateId)?.slug;
  const landingLink = stateSlug
    ? (slug: string) => `/${stateSlug}/${slug}` + toSearchString({ ...state, category: 'all', stateId: '', cityId: '' })
    : undefined;
  const filtered = Boolean(
    state.search || state.stateId || state.condition !== 'all' || state.minPrice || state.maxPrice || state.category !== 'all',
  );

  useDocumentTitle(state.search ? `Results for “${state.search}”` : 'Where Commerce Lives');

  // The "Buy" link points at /#products; the router does not scroll to hashes by itself.
  useEffect(() => {
    if (location.hash === '#products') productsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [location.hash, location.key]);

  // Infinite scroll: the next page starts loading while the sentinel is still well below the fold.
  // Re-armed after each page, so a tall screen that still shows the sentinel keeps loading.
  useEffect(() => {
    const el = sentinelRef.current;
    if (!el || !hasMore || loadingMore || moreError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), {
      rootMargin: '800px 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, moreError, loadMore, itemCount]);

  const sortOptions = PRODUCT_SORTS.filter((s) => s !== 'relevance' || state.search).map((s) => ({ value: s, label: SORT_LABELS[s] }));
  const now = renderNow();

  return (
    <>
      <Part>
        <Hero>
          <SearchPanel state={state} update={update} />
        </Hero>
      </Part>
      <Container
        component="section"
        id="products"
        ref={productsRef}
        maxWidth="lg"
        aria-labelledby="products-title"
        sx={{ py: { xs: 1.5, sm: 3, md: 5 }, px: { xs: 1.5, sm: 3 }, scrollMarginTop: 72 }}
      >
        <Part>
          <Typography id="products-title" variant="h2" sx={{ mb: { xs: 1, sm: 2 }, fontSize: { xs: '1.25rem', sm: '1.75rem' } }}>
            {state.search ? 'Search results' : 'Latest listings'}
          </Typography>
        </Part>
        <Part>
          <CategoryChips
            categories={categories}
            error={categoriesError}
            selected={state.category}
            onSelect={(category) => update({ category })}
            onRetry={retryCategories}
            linkOf={landingLink}
          />
        </Part>
        <Part>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: { xs: 1, sm: 1.5 },
              mb: { xs: 1.5, sm: 2 },
            }}
          >
            <Box role="status" aria-live="polite" sx={{ minHeight: 24 }}>
              {results && !loading && (
                <SearchStatus results={results} state={state} count={countText(results.total, results.totalIsEstimate)} />
              )}
            </Box>
            {/* In the server's HTML too (~0.5 kB gzip): added after hydration, it wrapped the sort box onto a line of its
                own and pushed the results down (a layout shift of 0.12 on a phone). */}
            {filtered && <SaveSearchButton query={query} />}
            <LightSelect
              id="search-sort"
              label="Sort by"
              name="sort"
              value={state.sort}
              onChange={(e) => update({ sort: e.target.value as ProductSort })}
              sx={{ width: { xs: 168, sm: 220 } }}
              options={sortOptions}
            />
          </Box>
        </Part>
        {results?.facets?.length ? (
          <Suspense fallback={null}>
            <AttributeFilters
              facets={results.facets}
              attrs={state.attrs ?? []}
              hrefOf={(attrs) => `/${toSearchString({ ...state, attrs })}`}
              onChange={(attrs) => update({ attrs })}
            />
          </Suspense>
        ) : null}

        <SearchResults
          search={search}
          skeletons={10}
          empty={
            <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
              <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
              <Typography variant="h3" component="p" sx={{ mt: 1 }}>
                No products found
              </Typography>
              {filtered && (
                <>
                  <Typography sx={{ color: 'text.secondary', mt: 1 }}>Try other words, another category or fewer filters.</Typography>
                  <Button
                    sx={{ mt: 2 }}
                    variant="outlined"
                    onClick={() =>
                      update({
                        search: '',
                        stateId: '',
                        cityId: '',
                        condition: 'all',
                        minPrice: '',
                        maxPrice: '',
                        category: 'all',
                        sort: 'newest',
                      })
                    }
                  >
                    Clear search and filters
                  </Button>
                </>
              )}
            </Paper>
          }
        >
          {(results) => (
            <>
              {/* The grid hydrates after the page's shell, and each card on its own (nested Parts): a tapped card first. */}
              <Part>
                <ProductGrid label="Listings">
                  {results.items.map((p, i) => (
                    <Fragment key={p.id}>
                      {i === results.partialFrom && i > 0 && <PartialMatchesNote />}
                      <Part>
                        <ProductCard product={p} now={now} priority={i < FIRST_ROW} eager={i < FIRST_SCREEN} />
                      </Part>
                    </Fragment>
                  ))}
                  {loadingMore && Array.from({ length: 5 }, (_, i) => <ProductCardSkeleton key={`more-${i}`} />)}
                </ProductGrid>
              </Part>
              <Box ref={sentinelRef} aria-hidden sx={{ height: 1 }} />
              <Part>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, mt: 3 }}>
                  {moreError && (
                    <Alert severity="error" sx={{ width: '100%' }}>
                      {moreError}
                    </Alert>
                  )}
                  {hasMore ? (
                    <Button
                      variant="outlined"
                      size="large"
                      onClick={loadMore}
                      disabled={loadingMore}
                      startIcon={loadingMore ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
                    >
                      {loadingMore ? 'Loading…' : moreError ? 'Try again' : 'Load more'}
                    </Button>
                  ) : (
                    results.items.length > PRODUCT_PAGE_SIZE && (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        You have seen all {countText(results.items.length)}.
                      </Typography>
                    )
                  )}
                </Box>
              </Part>
            </>
          )}
        </SearchResults>
      </Container>
    </>
  );
}
