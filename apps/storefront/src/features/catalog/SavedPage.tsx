import type { Product } from '@kasuwa/contracts';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { catalogApi } from '../../api/catalog';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
import { getAccessToken } from '../auth/session';
import { useSession } from '../auth/useSession';
import { PageLoader } from '../layout/PageLoader';
import { ProductCard, ProductGrid } from './ProductCard';
import { toggleFavourite, useFavouriteIds } from './useFavourites';

/** A guest's hearts are fetched one by one: keep the page light on prepaid data. */
const GUEST_MAX = 40;

async function loadSaved(token: string | null, ids: number[]): Promise<Product[]> {
  if (token) {
    const { savedProducts } = await import('./favouritesSync');
    return savedProducts(token);
  }
  const found = await Promise.all(
    ids.slice(0, GUEST_MAX).map((id) =>
      catalogApi.product(id).then(
        (r) => r.data,
        () => null,
      ),
    ),
  );
  return found.filter((p): p is NonNullable<typeof p> => Boolean(p && p.productStatus === 'active'));
}

/** /saved: the listings behind the favourite hearts (docs/trust.md "Favourites"). */
export default function SavedPage() {
  const session = useSession();
  const ids = useFavouriteIds();
  const key = ids.join(',');
  // A heart removed (or added in another tab) asks again; the list on the screen stays until the answer comes.
  const read = useApiQuery(
    queryKeys.saved(Boolean(session), key),
    () => loadSaved(session ? getAccessToken() : null, key ? key.split(',').map(Number) : []),
    { keepPrevious: true },
  );
  const products = read.data ?? null;
  const error = read.error !== null;

  // A heart removed here (or on another tab) leaves at once, without waiting for the server.
  const shown = products?.filter((p) => ids.includes(p.id)) ?? null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, mb: 0.5 }}>
        Saved items
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        {session ? 'Kept on your account, on every phone you sign in on.' : 'Kept on this phone. Sign in to keep them on your account.'}
      </Typography>
      {error && <Alert severity="error">Could not load your saved items. Check your connection and try again.</Alert>}
      {!error && !shown && <PageLoader label="Loading saved items" />}
      {!error && shown && shown.length === 0 && (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <FavoriteBorderIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          <Typography sx={{ fontWeight: 600, mt: 1 }}>No saved items yet</Typography>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>Tap the heart on a listing to save it here.</Typography>
          <Button component={RouterLink} to="/" variant="contained">
            Browse listings
          </Button>
        </Box>
      )}
      {!error && shown && shown.length > 0 && (
        <ProductGrid label="Saved items">
          {shown.map((p, i) => (
            <Box component="li" key={p.id} sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, flex: 1 }}>
                <ProductCard product={p} priority={i < 2} />
              </Box>
              <Button
                size="small"
                color="inherit"
                onClick={() => toggleFavourite(p.id)}
                aria-label={`Remove ${p.productName} from saved items`}
              >
                Remove
              </Button>
            </Box>
          ))}
        </ProductGrid>
      )}
    </Container>
  );
}
