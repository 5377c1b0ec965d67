import { formatNaira, NO_RATINGS_YET, PRODUCT_CONDITION_LABELS, type Product, type ProductCondition } from '@kasuwa/contracts';
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { timeAgo, titleCase } from './format';

/** MUI's Place icon, drawn inline: one SvgIcon per card would cost a styled component each. */
export const PLACE_PATH =
  'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7m0 9.5c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5';
/** MUI's ImageNotSupported icon, drawn inline for the same reason. */
const NO_PHOTO_PATH =
  'm21.9 21.9-8.49-8.49-9.82-9.82L2.1 2.1.69 3.51 3 5.83V19c0 1.1.9 2 2 2h13.17l2.31 2.31zM5 18l3.5-4.5 2.5 3.01L12.17 15l3 3zm16 .17L5.83 3H19c1.1 0 2 .9 2 2z';

/** Thumbnails are 400 px wide WebP (4:3 from the camera); the box is sized so nothing moves while they arrive. */
export const THUMB_W = 400;
export const THUMB_H = 300;

/** The condition badge's box: the cards' plain-class badge and ConditionBadge must look the same. */
const CONDITION_BADGE_SHAPE = {
  display: 'inline-block',
  px: 0.75,
  py: 0.125,
  borderRadius: 1,
  fontSize: '0.72rem',
  fontWeight: 700,
  letterSpacing: '0.02em',
  lineHeight: 1.5,
} as const;

/** The grid's and its cards' classes: one function (the same object on every page, so the server styles it once). */
const gridStyles = (t: Theme) => ({
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: { xs: 1.25, sm: 2 },
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    md: 'repeat(4, minmax(0, 1fr))',
    lg: 'repeat(5, minmax(0, 1fr))',
  },
  '& .kc-item': { minWidth: 0 },
  '& .kc-card': {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    overflow: 'hidden',
    borderRadius: `${t.shape.borderRadius}px`,
    border: `1px solid ${t.palette.divider}`,
    bgcolor: 'background.paper',
    color: 'text.primary',
    textDecoration: 'none',
    '&:hover .kc-photo img': { opacity: 0.92 },
    // The card clips its children (rounded photo corners), so the usual outside focus ring would be
    // cut off: draw it as a frame above the photo instead (same colours as the theme's ring).
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      border: `3px solid ${t.palette.mode === 'dark' ? '#ffd54f' : '#1a4dbf'}`,
      borderRadius: 'inherit',
      zIndex: 2,
      pointerEvents: 'none',
    },
  },
  '& .kc-photo': { position: 'relative', aspectRatio: '4 / 3', bgcolor: 'action.hover', overflow: 'hidden', color: 'text.secondary' },
  '& .kc-photo img': { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
  '& .kc-none': { display: 'grid', placeItems: 'center', height: '100%' },
  // "Foreign used (Tokunbo)" may take two lines on a 160 px card: it wraps inside the photo, never past it.
  '& .kc-badge': { position: 'absolute', top: 8, left: 8, right: 8, display: 'flex' },
  // The same look as ConditionBadge: solid, high-contrast colours on top of arbitrary photos.
  '& .kc-cond': CONDITION_BADGE_SHAPE,
  '& .kc-new': { bgcolor: t.palette.primary.main, color: t.palette.primary.contrastText },
  '& .kc-used': { bgcolor: t.palette.mode === 'dark' ? '#2c3833' : '#37474f', color: '#ffffff' },
  '& .kc-body': { p: { xs: 1, sm: 1.5 }, display: 'flex', flexDirection: 'column', gap: 0.25, flex: 1 },
  '& .kc-name': {
    m: 0,
    fontWeight: 600,
    fontSize: { xs: '0.9rem', sm: '0.95rem' },
    lineHeight: 1.3,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  },
  '& .kc-price': { m: 0, fontWeight: 800, color: 'primary.main', fontSize: { xs: '0.95rem', sm: '1.05rem' }, lineHeight: 1.5 },
  '& .kc-place': {
    m: 0,
    mt: 'auto',
    ...t.typography.body2,
    color: 'text.secondary',
    display: 'flex',
    alignItems: 'center',
    gap: 0.25,
    whiteSpace: 'nowrap',
    '& svg': { width: '1rem', height: '1rem', flexShrink: 0, fill: 'currentColor' },
    '& span': { overflow: 'hidden', textOverflow: 'ellipsis' },
  },
  '& .kc-when': { ...t.typography.caption, color: 'text.secondary' },
  '& .kc-rate': {
    ...t.typography.caption,
    color: 'text.secondary',
    '& b': { color: 'text.primary' },
    '& i': { fontStyle: 'normal', color: '#f5a623' },
  },
  // The no-photo icon at MUI's large icon size.
  '& .kc-none svg': { width: '2.1875rem', height: '2.1875rem', fill: 'currentColor' },
  // ProductCardSkeleton: MUI's Skeleton look (its colour, pulse and text-line shape) as classes.
  '@keyframes kasuwa-skeleton-pulse': { '0%': { opacity: 1 }, '50%': { opacity: 0.4 }, '100%': { opacity: 1 } },
  '& .kc-sk': {
    display: 'block',
    bgcolor: alpha(t.palette.text.primary, t.palette.mode === 'light' ? 0.11 : 0.13),
    animation: 'kasuwa-skeleton-pulse 2s ease-in-out 0.5s infinite',
    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  },
  '& .kc-sk-line': {
    ...t.typography.body1,
    height: '1.5em',
    borderRadius: '4px / 6.7px',
    transform: 'scale(1, 0.6)',
    transformOrigin: '0 55%',
    '&:nth-of-type(1)': { width: '90%' },
    '&:nth-of-type(2)': { width: '60%' },
    '&:nth-of-type(3)': { width: '50%', height: 28 },
    '&:nth-of-type(4)': { width: '70%' },
  },
});

/**
 * 2 columns on phones, 5 on large screens (the product screens). The cards' styles live here, once, as classes: a
 * card is plain elements, so a phone hydrating a page of 24 does not run the style engine 400 times.
 */
export function ProductGrid({ children, label, busy }: { children: ReactNode; label: string; busy?: boolean }) {
  return (
    <Box component="ul" aria-label={label} aria-busy={busy || undefined} sx={gridStyles}>
      {children}
    </Box>
  );
}

/**
 * The condition (docs/search.md): "Brand new", "Foreign used (Tokunbo)" or "Nigerian used"; a listing from before the
 * conditions (none today after the migration) falls back to its New/Used type.
 */
export function conditionLabel(type: Product['productType'], condition?: ProductCondition | null): string {
  return (condition && PRODUCT_CONDITION_LABELS[condition]) || (type === 'new' ? 'Brand new' : 'Used');
}

// Solid, high-contrast colours: the badge sits on top of arbitrary photos. Module level, one per condition: the
// server's style memo keeps a function in sx by its identity.
const newBadgeStyles = (t: Theme) => ({ ...CONDITION_BADGE_SHAPE, bgcolor: t.palette.primary.main, color: t.palette.primary.contrastText });
const usedBadgeStyles = (t: Theme) => ({
  ...CONDITION_BADGE_SHAPE,
  bgcolor: t.palette.mode === 'dark' ? '#2c3833' : '#37474f',
  color: '#ffffff',
});

export function ConditionBadge({ type, condition }: { type: Product['productType']; condition?: ProductCondition | null }) {
  const isNew = type === 'new';
  return (
    <Box component="span" sx={isNew ? newBadgeStyles : usedBadgeStyles}>
      {conditionLabel(type, condition)}
    </Box>
  );
}

/**
 * `priority`: the first row on the screen. Its photos load at once with high priority; `eager`: the
 * rest of the first screen, loaded at once with normal priority (the largest paint may be among them);
 * the rest wait until they scroll near. Plain elements styled by
 * ProductGrid's classes (always render it inside a ProductGrid).
 */
export function ProductCard({ product, now, priority, eager }: { product: Product; now?: number; priority?: boolean; eager?: boolean }) {
  const name = titleCase(product.productName);
  const image = product.productImages[0];
  const isNew = product.productType === 'new';
  return (
    <li className="kc-item">
      <RouterLink to={`/product/${product.id}`} className="kc-card">
        <div className="kc-photo">
          {image ? (
            <img
              src={image.thumbnailUrl || image.imageUrl}
              alt={name}
              loading={priority || eager ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
              width={THUMB_W}
              height={THUMB_H}
            />
          ) : (
            <div role="img" aria-label={`${name}: no photo`} className="kc-none">
              <svg viewBox="0 0 24 24" aria-hidden focusable="false">
                <path d={NO_PHOTO_PATH} />
              </svg>
            </div>
          )}
          <span className="kc-badge">
            <span className={`kc-cond ${isNew ? 'kc-new' : 'kc-used'}`}>
              {conditionLabel(product.productType, product.productCondition)}
            </span>
          </span>
        </div>
        <div className="kc-body">
          <h3 className="kc-name">{name}</h3>
          <p className="kc-price">{formatNaira(product.productPrice)}</p>
          <p className="kc-place">
            <svg viewBox="0 0 24 24" aria-hidden focusable="false">
              <path d={PLACE_PATH} />
            </svg>
            <span>{product.productLocation}</span>
          </p>
          <CardRating rating={product.user?.rating} />
          <span className="kc-when">
            <time dateTime={product.createdAt}>{timeAgo(product.createdAt, now)}</time>
          </span>
        </div>
      </RouterLink>
    </li>
  );
}

/** The seller's score from completed orders (on every card), or "No ratings yet": never invented. */
function CardRating({ rating }: { rating: NonNullable<Product['user']>['rating'] | undefined }) {
  if (!rating || !rating.count || rating.average === null) return <span className="kc-rate">{NO_RATINGS_YET}</span>;
  return (
    <span className="kc-rate">
      <i aria-hidden>★</i> <b>{rating.average.toFixed(1)}</b> ({rating.count} rating{rating.count === 1 ? '' : 's'})
    </span>
  );
}

/**
 * A card's place while its listing loads: plain elements styled by ProductGrid's classes, like the card (five of them
 * on every product page's "more from this seller" would otherwise cost the server's style engine ~40 components).
 */
export function ProductCardSkeleton() {
  return (
    <li className="kc-item" aria-hidden>
      <div className="kc-card">
        <div className="kc-photo kc-sk" />
        <div className="kc-body">
          <span className="kc-sk kc-sk-line" />
          <span className="kc-sk kc-sk-line" />
          <span className="kc-sk kc-sk-line" />
          <span className="kc-sk kc-sk-line" />
        </div>
      </div>
    </li>
  );
}
