import { landingHeading, landingName, landingPath, PRODUCT_SORTS, type LandingPage as Landing, type ProductSort } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { isTaken, renderNow, take, useInitialData } from '../../app/initialData';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import NotFoundPage from '../layout/NotFoundPage';
import { PageLoader } from '../layout/PageLoader';
import { RetryAlert } from '../layout/RetryAlert';
import { landingQuery } from './landingQuery';
import { LightSelect } from './LightFields';
import { ProductCard, ProductGrid } from './ProductCard';
import { SearchResults } from './SearchResults';
import { SORT_LABELS, useSearchState } from './searchState';
import { useProductSearch } from './useProductSearch';

type LandingState = { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'ready'; page: Landing };

/** The page's subject: from the server's HTML on the first view, else `GET /api/landing-pages?path=`. */
function useLanding(path: string): [LandingState, () => void] {
  const initial = useInitialData().landing;
  const seeded = initial && initial.path === path && !isTaken(initial) ? initial : null;
  const [state, setState] = useState<LandingState>(() => (seeded ? (seeded.page ? { status: 'ready', page: seeded.page } : { status: 'missing' }) : { status: 'loading' }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (seeded) return take(seeded);
    let alive = true;
    setState({ status: 'loading' });
    call<{ data: Landing }>({ method: 'GET', url: '/landing-pages', params: { path } }, { silent: true }).then(
      (res) => alive && setState({ status: 'ready', page: res.data }),
      (err: unknown) => alive && setState({ status: err instanceof ApiError && err.status === 404 ? 'missing' : 'failed' }),
    );
    return () => {
      alive = false;
    };
    // `seeded` only matters on the first render of this path.
  }, [path, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}

/**
 * A category in a state or an LGA (`/lagos/mobile-phones`, `/lagos/ikeja/mobile-phones`), rendered on the server for
 * search engines: its heading with the count, its listings (sorted and paged like the home page's) and links to the
 * same category nearby. An old spelling of the address moves to the canonical one (the server answers it 301).
 */
export default function LandingPage() {
  const location = useLocation();
  const [landing, retry] = useLanding(location.pathname);
  if (landing.status === 'missing') return <NotFoundPage />;
  if (landing.status === 'failed') {
    return (
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <RetryAlert onRetry={retry}>Could not load this page.</RetryAlert>
      </Container>
    );
  }
  if (landing.status !== 'ready') return <PageLoader />;
  if (landing.page.path !== location.pathname) return <Navigate replace to={{ pathname: landing.page.path, search: location.search }} />;
  return <LandingView page={landing.page} />;
}

function LandingView({ page }: { page: Landing }) {
  const location = useLocation();
  const [state, update] = useSearchState(location.pathname);
  const query = useMemo(() => landingQuery(page, state), [page, state]);
  const search = useProductSearch(query, location.key);
  const { results, loading, loadingMore, moreError, loadMore } = search;
  const heading = results && !loading ? landingHeading(page, results.total, results.totalIsEstimate) : landingName(page);
  useDocumentTitle(heading);
  const now = renderNow();
  const sortOptions = PRODUCT_SORTS.filter((s) => s !== 'relevance').map((s) => ({ value: s, label: SORT_LABELS[s] }));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2, fontSize: '0.9rem' }}>
        <Link href="/" color="inherit" underline="hover">
          Home
        </Link>
        <Link href={`/?stateId=${page.state.id}`} color="inherit" underline="hover">
          {page.state.name}
        </Link>
        {page.lga && (
          <Link href={landingPath(page.state.slug, page.category.slug)} color="inherit" underline="hover">
            {landingName({ ...page, lga: null })}
          </Link>
        )}
      </Breadcrumbs>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, mb: 2 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.9rem' } }} aria-live="polite">
          {heading}
        </Typography>
        <LightSelect
          id="landing-sort"
          label="Sort by"
          name="sort"
          value={state.sort}
          onChange={(e) => update({ sort: e.target.value as ProductSort })}
          sx={{ width: { xs: 168, sm: 220 } }}
          options={sortOptions}
        />
      </Box>

      {/* Facets of the category's attributes (make, model, year…) go here, above the listings, once categories declare
          them: their values come with the listings' answer (meta.facets) and filter through the query string. */}

      <SearchResults
        search={search}
        skeletons={8}
        empty={
          <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
            <Typography variant="h3" component="p">
              No {page.category.name.toLowerCase()} on sale here right now
            </Typography>
            <Typography sx={{ color: 'text.secondary', mt: 1 }}>Look in a place nearby, or come back soon.</Typography>
          </Paper>
        }
      >
        {(results) => (
          <>
            <ProductGrid label="Listings">
              {results.items.map((p, i) => (
                <ProductCard key={p.id} product={p} now={now} priority={i < 2} eager={i < 4} />
              ))}
            </ProductGrid>
            {moreError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {moreError}
              </Alert>
            )}
            {results.nextCursor && (
              <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
                <Button variant="outlined" size="large" onClick={loadMore} disabled={loadingMore}>
                  {loadingMore ? 'Loading…' : moreError ? 'Try again' : 'Load more'}
                </Button>
              </Box>
            )}
          </>
        )}
      </SearchResults>

      {page.nearby.length > 0 && (
        <Box component="nav" aria-labelledby="nearby-title" sx={{ mt: 4 }}>
          <Typography id="nearby-title" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {page.category.name} nearby
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            {page.nearby.map((n) => (
              <li key={n.path}>
                <Link href={n.path} underline="hover">
                  {page.category.name} in {n.name}
                </Link>
                {n.count !== undefined && (
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                    {' '}
                    ({n.count})
                  </Typography>
                )}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Container>
  );
}
