/*
 * Parts of the product page that are components of their own so that their work (the seller's listings arriving,
 * the first Intl.DateTimeFormat) happens in the task that hydrates or renders them, not in the page's first pass.
 */
import { formatLongDate, formatMonthYear } from '@kasuwa/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { ProductDetail } from '@kasuwa/contracts';
import { catalogApi } from '../../api/catalog';
import { useApiQuery } from '../../app/apiQuery';
import { LinkBehavior } from '../../app/LinkBehavior';
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

/** The section's heading in the theme's type, a plain element styled by the section. */
const moreStyles = (t: Theme) => ({ mt: { xs: 4, md: 6 }, '& > h2': { ...t.typography.h2, fontSize: '1.3rem', m: 0, mb: 2 } });

/**
 * A component of its own: the seller's listings arrive after the page has hydrated, and only this section renders
 * again then (in the page's component, the whole page re-rendered: a ~20 ms task, ~80 ms at a phone's 4x slower CPU).
 */
export function MoreFromSeller({ sellerId, productId, sellerName }: { sellerId: number; productId: number; sellerName: string }) {
  const more = useSellerProducts(sellerId, productId);
  // The server renders the loading state; a seller with no other listing gets none.
  if (more?.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="more-title" sx={moreStyles}>
      <h2 id="more-title">More from this seller</h2>
      <ProductGrid label={`More from ${sellerName}`} busy={more === null}>
        {more === null
          ? Array.from({ length: 5 }, (_, i) => <ProductCardSkeleton key={i} />)
          : more.map((p) => <ProductCard key={p.id} product={p} />)}
      </ProductGrid>
    </Box>
  );
}

/**
 * The seller card's look (an outlined Paper, headings and texts in the theme's type, two facts in tinted boxes, the
 * shop link) as classes on one styled element: on every product page, as MUI components it was fourteen for the
 * server's style engine. The avatar, rating and badges stay components (shared with other pages).
 */
const sellerCardStyles = (t: Theme) => ({
  p: 2,
  mt: 3,
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: `${t.shape.borderRadius}px`,
  '& h2': { ...t.typography.h2, fontSize: '1.1rem', m: 0, mb: 1.5 },
  '& .sc-who': { display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 },
  '& .sc-who > div': { minWidth: 0 },
  '& p': { m: 0 },
  '& .sc-name': { ...t.typography.body1, fontWeight: 700 },
  '& .sc-since': { ...t.typography.body2, color: 'text.secondary' },
  '& dl': { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, m: 0 },
  '& dl > div': { bgcolor: 'action.hover', borderRadius: `${t.shape.borderRadius}px`, p: 1.25 },
  '& dt': { ...t.typography.body2, color: 'text.secondary' },
  '& dd': { ...t.typography.body1, m: 0, fontWeight: 800, fontSize: '1.2rem' },
  '& .sc-shop': {
    display: 'inline-block',
    mt: 1.5,
    fontWeight: 600,
    color: 'primary.main',
    textDecoration: 'none',
    '&:hover': { textDecoration: 'underline' },
  },
});

/** The seller's card; a component of its own so that "Member since" (an Intl.DateTimeFormat) is formatted in its task. */
export function SellerCard({ product, sellerName }: { product: ProductDetail; sellerName: string }) {
  return (
    <Box component="section" aria-labelledby="seller-title" sx={sellerCardStyles}>
      <h2 id="seller-title">Seller</h2>
      <div className="sc-who">
        <Avatar src={product.user?.profileImage ?? undefined} alt="" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          {initials(sellerName)}
        </Avatar>
        <div>
          <p className="sc-name">{sellerName}</p>
          {product.user?.memberSince && <p className="sc-since">Member since {formatMonthYear(product.user.memberSince)}</p>}
          <SellerRating rating={product.user?.rating} />
          <VerifiedBadges verified={product.user?.verified} />
        </div>
      </div>
      <dl>
        <Fact label="Active listings" value={product.seller?.listings ?? 0} />
        <Fact label="Completed orders" value={product.seller?.completedOrders ?? 0} />
      </dl>
      <LinkBehavior href={`/seller/${product.userID}`} className="sc-shop">
        Visit the seller's shop
      </LinkBehavior>
    </Box>
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
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
