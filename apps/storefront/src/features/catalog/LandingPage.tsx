import { landingName, landingPath, type LandingPage as Landing } from '@kasuwa/contracts';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { useApiQuery } from '../../app/apiQuery';
import { isTaken, renderNow, take, useInitialData } from '../../app/initialData';
import { queryKeys } from '../../app/queryKeys';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import NotFoundPage from '../layout/NotFoundPage';
import { PageLoader } from '../layout/PageLoader';
import { RetryAlert } from '../layout/RetryAlert';
import { countText } from './countText';
import { landingQuery } from './landingQuery';
import { ProductCard, ProductGrid } from './ProductCard';
import { LoadMore, SearchResults } from './SearchResults';
import { toSearchString, useSearchState } from './searchState';

/** Only a category with attributes shows them: their chunk loads then (the first-view budget is full). */
const AttributeFilters = lazy(() => import('./AttributeFilters'));
import { useProductSearch } from './useProductSearch';

type LandingState = { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'ready'; page: Landing };

/** The page's subject: from the server's HTML on the first view, else `GET /api/landing-pages?path=`. */
function useLanding(path: string): [LandingState, () => void] {
  const initial = useInitialData().landing;
  const seeded = initial && initial.path === path && !isTaken(initial) ? initial : null;
  // The server's answer seeds the cache: the first render (and hydration) shows the page with no call.
  const read = useApiQuery(
    queryKeys.landing(path),
    async () => {
      try {
        return (await call<{ data: Landing }>({ method: 'GET', url: '/landing-pages', params: { path } }, { silent: true })).data;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    { initialData: seeded ? seeded.page : undefined },
  );
  useEffect(() => take(seeded), [seeded]);
  let state: LandingState;
  if (read.data) state = { status: 'ready', page: read.data };
  else if (read.data === null) state = { status: 'missing' };
  else if (read.error) state = { status: 'failed' };
  else state = { status: 'loading' };
  return [state, read.reload];
}

/**
 * A category in a state or an LGA (`/lagos/mobile-phones`, `/lagos/ikeja/mobile-phones`), rendered on the server for
 * search engines: its heading with the count, its listings (sorted and paged like the home page's) and links to the
 * same category nearby. An old spelling of the address moves to the canonical one (the server answers it 301).
 */
/** `/{state}/{category}` or `/{state}/{lga}/{category}` in shape (whether the slugs name anything is the API's to say). */
export function isLandingAddress(pathname: string): boolean {
  const n = pathname.split('/').filter(Boolean).length;
  return n === 2 || n === 3;
}

/** The nearby links' list (module level: the server's style memo keeps a function in sx by its identity). */
const nearbyListStyles = (t: Theme) => ({
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1.5,
  '& a': { color: 'primary.main', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } },
  '& .nearby-count': { ...t.typography.body2, color: 'text.secondary' },
});

export default function LandingPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [landing, retry] = useLanding(location.pathname);
  const moved = landing.status === 'ready' && landing.page.path !== location.pathname ? landing.page.path : null;
  // An old spelling: the page moves to its canonical address (the server answers the same address 301).
  useEffect(() => {
    if (moved) void navigate({ pathname: moved, search: location.search }, { replace: true });
  }, [moved, location.search, navigate]);
  if (landing.status === 'missing') return <NotFoundPage />;
  if (landing.status === 'failed') {
    return (
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <RetryAlert onRetry={retry}>Could not load this page.</RetryAlert>
      </Container>
    );
  }
  if (landing.status !== 'ready' || moved) return <PageLoader />;
  return <LandingView page={landing.page} />;
}

function LandingView({ page }: { page: Landing }) {
  const location = useLocation();
  const [state, update] = useSearchState(location.pathname);
  const query = useMemo(() => landingQuery(page, state), [page, state]);
  const search = useProductSearch(query, location.key);
  const { results, loading } = search;
  // As the server's title words it (contracts' landingHeading).
  const heading = results && !loading ? `${landingName(page)} — ${countText(results.total, results.totalIsEstimate)}` : landingName(page);
  useDocumentTitle(heading);
  const now = renderNow();

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      {/* Home › State (› Category in State): plain links, so this page loads no breadcrumb component of its own. */}
      <Box component="nav" aria-label="Breadcrumb" sx={{ mb: 2, fontSize: '0.9rem', color: 'text.secondary' }}>
        <Link href="/" color="inherit" underline="hover">
          Home
        </Link>
        {' › '}
        <Link href={`/?stateId=${page.state.id}`} color="inherit" underline="hover">
          {page.state.name}
        </Link>
        {page.lga && (
          <>
            {' › '}
            <Link href={landingPath(page.state.slug, page.category.slug)} color="inherit" underline="hover">
              {landingName({ ...page, lga: null })}
            </Link>
          </>
        )}
      </Box>
      {/* The sort and the filters come from the query string as on the home page (`?sort=price_asc`, `?type=used`). */}
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.9rem' }, mb: 2 }} aria-live="polite">
        {heading}
      </Typography>

      {/* The category's attributes (make, year…) with counts: they come with the listings' answer (meta.facets) and
          filter through the query string (`?attr.make=Toyota`). */}
      {results?.facets?.length ? (
        <Suspense fallback={null}>
          <AttributeFilters
            facets={results.facets}
            attrs={state.attrs ?? []}
            hrefOf={(attrs) => `${location.pathname}${toSearchString({ ...state, attrs })}`}
            onChange={(attrs) => update({ attrs })}
          />
        </Suspense>
      ) : null}

      {/* Read by screen readers between the page's h1 and each card's h3 (headings must not skip a level). */}
      <Typography variant="h2" sx={visuallyHidden}>
        Listings
      </Typography>
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
            <LoadMore search={search} hasMore={Boolean(results.nextCursor)} size="large" mt={3} />
          </>
        )}
      </SearchResults>

      {page.nearby.length > 0 && (
        <Box component="nav" aria-labelledby="nearby-title" sx={{ mt: 4 }}>
          <Typography id="nearby-title" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {page.category.name} nearby
          </Typography>
          {/* Up to 30 links: plain elements styled by the list (as MUI Link and Typography, two components each for
              the server's style engine on every landing page). */}
          <Box component="ul" sx={nearbyListStyles}>
            {page.nearby.map((n) => (
              <li key={n.path}>
                <RouterLink to={n.path}>{`${page.category.name} in ${n.name}`}</RouterLink>
                {n.count !== undefined && <span className="nearby-count"> ({n.count})</span>}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Container>
  );
}
