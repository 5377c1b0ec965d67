import { formatNaira, NO_RATINGS_YET, PRODUCT_CONDITION_LABELS, type Product, type ProductCondition } from '@kasuwa/contracts';
import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { timeAgo, titleCase } from './format';

/** MUI's Place icon, drawn inline: one SvgIcon per card would cost a styled component each. */
const PLACE_PATH =
  'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7m0 9.5c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5';

/** Thumbnails are 400 px wide WebP (4:3 from the camera); the box is sized so nothing moves while they arrive. */
export const THUMB_W = 400;
export const THUMB_H = 300;

/**
 * 2 columns on phones, 5 on large screens (the product screens). The cards' styles live here, once, as classes: a
 * card is plain elements, so a phone hydrating a page of 24 does not run the style engine 400 times.
 */
export function ProductGrid({ children, label, busy }: { children: ReactNode; label: string; busy?: boolean }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy || undefined}
      sx={(t) => ({
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
        '& .kc-cond': {
          display: 'inline-block',
          px: 0.75,
          py: 0.125,
          borderRadius: 1,
          fontSize: '0.72rem',
          fontWeight: 700,
          letterSpacing: '0.02em',
          lineHeight: 1.5,
        },
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
      })}
    >
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

export function ConditionBadge({ type, condition }: { type: Product['productType']; condition?: ProductCondition | null }) {
  const isNew = type === 'new';
  return (
    <Box
      component="span"
      sx={(t) => ({
        display: 'inline-block',
        px: 0.75,
        py: 0.125,
        borderRadius: 1,
        fontSize: '0.72rem',
        fontWeight: 700,
        letterSpacing: '0.02em',
        lineHeight: 1.5,
        // Solid, high-contrast colours: the badge sits on top of arbitrary photos.
        bgcolor: isNew ? t.palette.primary.main : t.palette.mode === 'dark' ? '#2c3833' : '#37474f',
        color: isNew ? t.palette.primary.contrastText : '#ffffff',
      })}
    >
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
              <ImageNotSupportedIcon fontSize="large" aria-hidden />
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

export function ProductCardSkeleton() {
  return (
    <Box component="li" aria-hidden sx={{ minWidth: 0 }}>
      <Card variant="outlined">
        <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3' }} />
        <Box sx={{ p: { xs: 1, sm: 1.5 } }}>
          <Skeleton width="90%" />
          <Skeleton width="60%" />
          <Skeleton width="50%" height={28} />
          <Skeleton width="70%" />
        </Box>
      </Card>
    </Box>
  );
}
