import { formatNaira, PRODUCT_CONDITION_LABELS, type ProductAvailability } from '@kasuwa/contracts';
import { ProductBreadcrumbs } from './ProductBreadcrumbs';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import EditIcon from '@mui/icons-material/Edit';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import LinkIcon from '@mui/icons-material/Link';
import ShareIcon from '@mui/icons-material/Share';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { ProductDetail } from '@kasuwa/contracts';
import { catalogApi } from '../../api/catalog';
import { ApiError } from '../../api/errors';
import { Part } from '../../app/Part';
import { useApiQuery } from '../../app/apiQuery';
import { isTaken, take, useInitialData } from '../../app/initialData';
import { queryKeys } from '../../app/queryKeys';
import { toast } from '../../app/toast';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { readSession } from '../auth/session';
import { useSession } from '../auth/useSession';
import { useCart } from '../cart/useCart';
import { deliveryLines } from './deliveryText';
import { productUrl, titleCase, whatsappDigits } from './format';
import { ImageCarousel } from './ImageCarousel';
import { ConditionBadge, PLACE_PATH } from './ProductCard';
import { MoreFromSeller, PostedAt, SellerCard } from './ProductSections';
import { ProductTrustActions } from '../trust/ProductTrustActions';
import { SafetyTips } from '../trust/SafetyTips';
import { useCategories } from './useCategories';
import { useFavourite } from './useFavourites';
import { RetryAlert } from '../layout/RetryAlert';

/** MUI's Schedule icon, drawn inline (an SvgIcon is a styled component). */
const SCHEDULE_PATHS = [
  'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
  'M12.5 7H11v6l5.25 3.15.75-1.23-4.5-2.67z',
];

// Similar listings and the price hint load after the first paint, in a chunk of their own (the first view's budget is full).
const SimilarSection = lazy(() => import('./SimilarListings'));
const TypicalPrice = lazy(() => import('./SimilarListings').then((m) => ({ default: m.TypicalPrice })));

/** Renders its children only once the page has painted in the browser (the server and hydration render nothing). */
function AfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  return painted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

type LoadState =
  { status: 'loading' } | { status: 'ready'; product: ProductDetail } | { status: 'missing' } | { status: 'failed'; message: string };

const STATUS_NOTICE: Record<string, string> = {
  sold_out: 'This listing is sold out and hidden from search. Raise the quantity to sell it again.',
  withdrawn: 'You have withdrawn this listing: buyers cannot see it.',
  blocked: 'This listing was blocked by Kasuwa and is hidden from buyers.',
};

/** What a buyer is told about a listing that cannot be bought now (its page stays readable; search never lists it). */
const SALE_NOTICE: Record<Exclude<ProductAvailability, 'in_stock'>, { label: string; text: string }> = {
  sold: { label: 'Sold', text: 'This item has been sold and can no longer be bought.' },
  reserved: {
    label: 'Reserved',
    text: "The last one is held by a buyer's checkout that has not been paid yet. If it is not paid in time, it goes back on sale: check again later.",
  },
};

/** A listing's availability: the API's, else (a seller's own hidden listing) from its stock. */
function availabilityOf(product: ProductDetail): ProductAvailability {
  return product.availability ?? (product.productStatus === 'active' && product.productQuantity > 0 ? 'in_stock' : 'sold');
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and plain-http pages have no async clipboard.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/** The product error texts: the server's text or the call's fallback; with no answer at all, 'An error occurred.' rather than the HTTP client's own words. */
function productFailure(err: unknown): string {
  return err instanceof ApiError && err.status !== null && err.message
    ? err.message
    : 'An error occurred. Check your connection and try again.';
}

/** `GET /products/{id}`: the listing, or null when there is none (or it is not public). */
async function fetchProduct(id: string, signal: AbortSignal): Promise<ProductDetail | null> {
  try {
    const res = await catalogApi.product(id, signal);
    if (!res?.data) throw new ApiError('Failed to fetch product details.', 200);
    return res.data;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

function useProduct(id: string | undefined) {
  // The server's answer for this product (embedded in the HTML), until this page has taken it: it seeds the cache, so
  // the first render (and hydration) shows it with no call.
  const initial = useInitialData().product;
  const seeded = initial && initial.id === id && !isTaken(initial) ? initial : null;
  const valid = Boolean(id && /^\d+$/.test(id));
  const read = useApiQuery(queryKeys.product(id ?? ''), (signal) => fetchProduct(id ?? '', signal), {
    enabled: valid,
    initialData: seeded ? seeded.detail : undefined,
    failedText: productFailure,
  });
  const { refetch } = read.query;
  useEffect(() => {
    if (!seeded) return;
    take(seeded);
    // A listing hidden from the public may still be its seller's (or an admin's) to see: ask with the token.
    if (!seeded.detail && readSession()) void refetch();
  }, [seeded, refetch]);
  let state: LoadState;
  if (!valid) state = { status: 'missing' };
  else if (read.data) state = { status: 'ready', product: read.data };
  else if (read.error) state = { status: 'failed', message: read.error };
  else if (read.data === null && !read.query.isFetching) state = { status: 'missing' };
  else state = { status: 'loading' };
  return { state, retry: read.reload };
}

/** The description's heading and text in the theme's type: plain elements styled by their section (two MUI Typography less). */
const descriptionStyles = (t: Theme) => ({
  mt: { xs: 3, md: 5 },
  maxWidth: 800,
  '& h2': { ...t.typography.h2, fontSize: '1.3rem', m: 0, mb: 1 },
  '& p': { ...t.typography.body1, m: 0, whiteSpace: 'pre-line' },
});

export default function ProductPage() {
  const { id } = useParams();
  const { state, retry } = useProduct(id);
  const product = state.status === 'ready' ? state.product : null;
  useDocumentTitle(product ? titleCase(product.productName) : state.status === 'missing' ? 'Product not found.' : 'Product');

  if (state.status === 'missing') {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          Product not found.
        </Typography>
        <Typography sx={{ mb: 4, color: 'text.secondary' }}>We couldn't find the product you're looking for.</Typography>
        <Button variant="contained" href="/">
          Back to Homepage
        </Button>
      </Container>
    );
  }
  if (state.status === 'failed') {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
        <RetryAlert onRetry={retry}>{state.message}</RetryAlert>
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button href="/">Back to Homepage</Button>
        </Box>
      </Container>
    );
  }
  if (!product) return <ProductSkeleton />;
  return <ProductView key={product.id} product={product} />;
}

function ProductSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }} aria-busy>
      <Box role="status" sx={visuallyHidden}>
        Loading product
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0,1fr)', md: '7fr 5fr' }, gap: { xs: 2, md: 4 } }}>
        <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3' }} />
        <Box>
          <Skeleton width="40%" />
          <Skeleton height={48} />
          <Skeleton width="50%" height={40} />
          <Skeleton width="70%" />
          <Skeleton variant="rounded" height={48} sx={{ mt: 3 }} />
        </Box>
      </Box>
    </Container>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  const delivery = deliveryLines(product);
  const session = useSession();
  const { add } = useCart();
  const [favourite, toggleFavourite] = useFavourite(product.id);
  const { categories } = useCategories();
  const name = titleCase(product.productName);
  const url = productUrl(product.id);
  const isOwner = session?.user.userId === product.userID;
  const availability = availabilityOf(product);
  const available = product.productStatus === 'active' && product.productQuantity > 0 && availability === 'in_stock';
  const sale = availability === 'in_stock' ? null : SALE_NOTICE[availability];
  const whatsapp = product.user?.whatsapp ? whatsappDigits(product.user.whatsapp) : null;
  const category = categories?.find((c) => c.id === product.productCategoryID) ?? null;
  const parent = category?.parentCategoryID ? (categories?.find((c) => c.id === category.parentCategoryID) ?? null) : null;
  const sellerName = product.user?.fullName || 'Kasuwa seller';

  const onAddToCart = () => {
    const quantity = add(
      { id: product.id, image: product.productImages[0]?.thumbnailUrl ?? null, title: name, price: Number(product.productPrice) },
      product.productQuantity,
    );
    if (quantity >= product.productQuantity && product.productQuantity > 0) {
      toast.info(quantity === 1 ? 'Added to cart. This is the last one available.' : `Added to cart. You have all ${quantity} available.`);
    } else toast.success('Added to cart');
  };

  const onCopy = () => {
    copyText(url).then(
      () => toast.success('Link copied'),
      () => toast.error('Could not copy the link. Copy it from the address bar.'),
    );
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      {/* The parts below hydrate on their own after the page's shell, a tapped one first (Part). */}
      <Part>
        <ProductBreadcrumbs product={product} category={category} parent={parent} name={name} />
      </Part>

      {isOwner && STATUS_NOTICE[product.productStatus] && (
        <Alert severity={product.productStatus === 'blocked' ? 'error' : 'info'} sx={{ mb: 2 }}>
          {STATUS_NOTICE[product.productStatus]}
          {product.productStatus === 'blocked' && product.blockReason && ` Reason: ${product.blockReason}`}
        </Alert>
      )}

      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0,1fr)', md: '7fr 5fr' }, gap: { xs: 2.5, md: 4 }, alignItems: 'start' }}
      >
        <Part>
          <ImageCarousel images={product.productImages} name={name} />
        </Part>

        <Box>
          <Part>
            <ConditionBadge type={product.productType} condition={product.productCondition} />
          </Part>
          <Part>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mt: 1, mb: 1 }}>
              {name}
            </Typography>
          </Part>
          <Part>
            <Typography component="p" sx={{ fontSize: { xs: '1.6rem', md: '1.9rem' }, fontWeight: 800, color: 'primary.main', mb: 1 }}>
              {formatNaira(product.productPrice)}
            </Typography>
          </Part>
          {/* The hint's line is kept from the start, so it arriving (or not) moves nothing. */}
          <Box sx={{ minHeight: '1.5rem', mt: -0.5, mb: 1 }}>
            <AfterPaint>
              <TypicalPrice productId={product.id} stateName={product.stateName} />
            </AfterPaint>
          </Box>
          {/* Where and when, and the facts: plain elements styled by their box (as Typography and SvgIcon they were a
              dozen components for the server's style engine on every product page). */}
          <Part>
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 2,
                rowGap: 0.5,
                color: 'text.secondary',
                mb: 2,
                '& p': { m: 0, display: 'flex', alignItems: 'center', gap: 0.5 },
                '& svg': { width: '1.25rem', height: '1.25rem', fill: 'currentColor', flexShrink: 0 },
              }}
            >
              <p>
                <svg viewBox="0 0 24 24" aria-hidden focusable="false">
                  <path d={PLACE_PATH} />
                </svg>
                {product.productLocation}
              </p>
              <p>
                <svg viewBox="0 0 24 24" aria-hidden focusable="false">
                  {SCHEDULE_PATHS.map((d) => (
                    <path key={d} d={d} />
                  ))}
                </svg>
                <PostedAt createdAt={product.createdAt} />
              </p>
            </Box>
          </Part>
          <Part>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 2,
                rowGap: 0.5,
                m: 0,
                mb: 2.5,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, fontWeight: 600 },
                '& dd.plain': { fontWeight: 400 },
                '& dd span': { display: 'block' },
              }}
            >
              <dt>Condition</dt>
              <dd>
                {product.productCondition
                  ? PRODUCT_CONDITION_LABELS[product.productCondition]
                  : product.productType === 'new'
                    ? 'New'
                    : 'Used'}
              </dd>
              <dt>Available</dt>
              <dd>{product.productQuantity > 0 ? `${product.productQuantity} in stock` : (sale?.label ?? 'Sold out')}</dd>
              {delivery.length > 0 && (
                <>
                  <dt>Delivery</dt>
                  <dd className="plain" data-testid="product-delivery">
                    {delivery.map((line) => (
                      <span key={line}>{line}</span>
                    ))}
                  </dd>
                </>
              )}
            </Box>
          </Part>

          {sale && !isOwner && (
            <Part>
              <Box role="status" data-testid="sale-state" sx={{ mb: 2, pl: 1.5, borderLeft: 4, borderColor: 'warning.main' }}>
                <Typography sx={{ fontWeight: 800, fontSize: '1.2rem' }}>{sale.label}</Typography>
                <Typography sx={{ color: 'text.secondary' }}>
                  {sale.text} <Link href={`/?search=${encodeURIComponent(product.productName)}`}>Find similar listings</Link>
                </Typography>
              </Box>
            </Part>
          )}

          <Part>
            <Stack spacing={1.25}>
              <Button
                variant="contained"
                size="large"
                startIcon={<AddShoppingCartIcon />}
                disabled={isOwner || !available}
                onClick={onAddToCart}
                fullWidth
              >
                {isOwner ? 'This is your listing' : available ? 'Add to Cart' : (sale?.label ?? 'Sold out')}
              </Button>
              {isOwner && (
                <Button variant="outlined" startIcon={<EditIcon />} href={`/products/${product.id}/edit`} fullWidth>
                  Edit listing
                </Button>
              )}
              {whatsapp && !isOwner && (
                <Button
                  variant="outlined"
                  startIcon={<WhatsAppIcon />}
                  href={`https://wa.me/${whatsapp}?text=${encodeURIComponent(`Hello, I am interested in "${name}" on Kasuwa: ${url}`)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  fullWidth
                >
                  Chat on WhatsApp
                </Button>
              )}
              {!isOwner && <ProductTrustActions product={product} />}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
                <IconButton
                  aria-label="Favourite"
                  aria-pressed={favourite}
                  title={favourite ? 'Remove from favourites' : 'Save to favourites'}
                  onClick={() => toggleFavourite()}
                  sx={{ border: 1, borderColor: 'divider', color: favourite ? 'error.main' : 'text.secondary' }}
                >
                  {favourite ? <FavoriteIcon /> : <FavoriteBorderIcon />}
                </IconButton>
                <Button variant="text" startIcon={<LinkIcon />} onClick={onCopy}>
                  Copy link
                </Button>
                <Button
                  variant="text"
                  startIcon={<ShareIcon />}
                  href={`https://wa.me/?text=${encodeURIComponent(`${name} ${url}`)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Share on WhatsApp
                </Button>
              </Box>
            </Stack>
          </Part>

          <Part>
            <SellerCard product={product} sellerName={sellerName} />
          </Part>
          <Part>
            <Box sx={{ mt: 2 }}>
              <SafetyTips />
            </Box>
          </Part>
        </Box>
      </Box>

      <Part>
        <Box component="section" aria-labelledby="description-title" sx={descriptionStyles}>
          <h2 id="description-title">Description</h2>
          <p>{product.productDescription || 'The seller has not added a description.'}</p>
        </Box>
      </Part>

      <Part>
        <MoreFromSeller sellerId={product.userID} productId={product.id} sellerName={sellerName} />
      </Part>
      {/* Below the fold, last: a sold or reserved listing shows them too (where to look instead). */}
      <AfterPaint>
        <SimilarSection productId={product.id} />
      </AfterPaint>
    </Container>
  );
}
