/*
 * Parts of the product page that are components of their own so that their work (the seller's listings arriving,
 * the first Intl.DateTimeFormat) happens in the task that hydrates or renders them, not in the page's first pass.
 */
import { formatLongDate, formatMonthYear } from '@kasuwa/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProductDetail } from '@kasuwa/contracts';
import { catalogApi } from '../../api/catalog';
import { useApiQuery } from '../../app/apiQuery';
import { renderNow } from '../../app/initialData';
import { queryKeys } from '../../app/queryKeys';
import { initials } from '../layout/initials';
import { SellerRating } from '../trust/SellerRating';
import { VerifiedBadges } from '../trust/VerifiedBadges';
import { timeAgo } from './format';
import { ProductCard, ProductCardSkeleton, ProductGrid } from './ProductCard';

const MORE_FROM_SELLER = 10;

function useSellerProducts(sellerId: number | undefined, exclude: number | undefined) {
  const { data, query } = useApiQuery(
    queryKeys.sellerProducts(sellerId ?? 0),
    async (signal) => (await catalogApi.sellerProducts(sellerId ?? 0, signal)).data ?? [],
    { enabled: Boolean(sellerId) },
  );
  // "More from this seller" is a bonus: if it fails, the section is simply left out.
  const items = data ?? (query.isError ? [] : null);
  return items?.filter((p) => p.id !== exclude).slice(0, MORE_FROM_SELLER) ?? null;
}

/**
 * A component of its own: the seller's listings arrive after the page has hydrated, and only this section renders
 * again then (in the page's component, the whole page re-rendered: a ~20 ms task, ~80 ms at a phone's 4x slower CPU).
 */
export function MoreFromSeller({ sellerId, productId, sellerName }: { sellerId: number; productId: number; sellerName: string }) {
  const more = useSellerProducts(sellerId, productId);
  // The server renders the loading state; a seller with no other listing gets none.
  if (more?.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="more-title" sx={{ mt: { xs: 4, md: 6 } }}>
      <Typography id="more-title" variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
        More from this seller
      </Typography>
      <ProductGrid label={`More from ${sellerName}`} busy={more === null}>
        {more === null
          ? Array.from({ length: 5 }, (_, i) => <ProductCardSkeleton key={i} />)
          : more.map((p) => <ProductCard key={p.id} product={p} />)}
      </ProductGrid>
    </Box>
  );
}

/** The seller's card; a component of its own so that "Member since" (an Intl.DateTimeFormat) is formatted in its task. */
export function SellerCard({ product, sellerName }: { product: ProductDetail; sellerName: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="seller-title" sx={{ p: 2, mt: 3 }}>
      <Typography id="seller-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        Seller
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Avatar src={product.user?.profileImage ?? undefined} alt="" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          {initials(sellerName)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{sellerName}</Typography>
          {product.user?.memberSince && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Member since {formatMonthYear(product.user.memberSince)}
            </Typography>
          )}
          <SellerRating rating={product.user?.rating} />
          <VerifiedBadges verified={product.user?.verified} />
        </Box>
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, m: 0 }}>
        <Fact label="Active listings" value={product.seller?.listings ?? 0} />
        <Fact label="Completed orders" value={product.seller?.completedOrders ?? 0} />
      </Box>
      <Link href={`/seller/${product.userID}`} underline="hover" sx={{ display: 'inline-block', mt: 1.5, fontWeight: 600 }}>
        Visit the seller's shop
      </Link>
    </Paper>
  );
}

/**
 * Its own component so that the long date (the page's first Intl.DateTimeFormat, ~7 ms to make) is formatted in the
 * task that hydrates this part, not in the page's first pass.
 */
export function PostedAt({ createdAt }: { createdAt: string }) {
  return (
    <span>
      Posted{' '}
      <time dateTime={createdAt} title={formatLongDate(createdAt)}>
        {timeAgo(createdAt, renderNow())}
      </time>
    </span>
  );
}

function Fact({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.25 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 800, fontSize: '1.2rem' }}>
        {value}
      </Typography>
    </Box>
  );
}
