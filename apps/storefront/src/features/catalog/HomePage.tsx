import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../auth/useSession';
import { Hero } from './Hero';
import { SearchPanel, useSearchFilters } from './SearchPanel';

function describe(f: ReturnType<typeof useSearchFilters>): string | null {
  const parts = [f.search && `“${f.search}”`, f.location && `in ${f.location}`, f.type !== 'all' && `${f.type} items`].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

export default function HomePage() {
  const location = useLocation();
  const session = useSession();
  const filters = useSearchFilters();
  const productsRef = useRef<HTMLElement>(null);
  const searching = describe(filters);

  // The "Buy" link points at /#products; the router does not scroll to hashes by itself.
  useEffect(() => {
    if (location.hash === '#products') productsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [location.hash, location.key]);

  return (
    <>
      <Hero>
        <SearchPanel />
      </Hero>
      <Container component="section" id="products" ref={productsRef} maxWidth="lg" aria-labelledby="products-title" sx={{ py: { xs: 4, md: 6 }, scrollMarginTop: 72 }}>
        <Typography id="products-title" variant="h2" sx={{ mb: 2 }}>
          Latest listings
        </Typography>
        {/* The catalogue arrives in a later release; until then say so rather than show made-up goods. */}
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <StorefrontIcon sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
          <Typography variant="h3" component="p" sx={{ mt: 1 }}>
            Listings are coming soon
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: 560, mx: 'auto' }}>
            {searching
              ? `Results for ${searching} will appear here once the catalogue opens.`
              : "Sellers' products will appear here as soon as the catalogue opens."}
          </Typography>
          <Box sx={{ mt: 3 }}>
            {session ? (
              <Button href="/profile" variant="outlined">
                Go to your profile
              </Button>
            ) : (
              <Button href="/sign-up" variant="contained">
                Create a free account
              </Button>
            )}
          </Box>
        </Paper>
      </Container>
    </>
  );
}
