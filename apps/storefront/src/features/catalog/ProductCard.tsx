import { formatNaira, type Product } from '@kasuwa/contracts';
import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { timeAgo, titleCase } from './format';

/** Thumbnails are 400 px wide WebP (4:3 from the camera); the box is sized so nothing moves while they arrive. */
export const THUMB_W = 400;
export const THUMB_H = 300;

/** 2 columns on phones, 5 on large screens (spec §2). */
export function ProductGrid({ children, label, busy }: { children: ReactNode; label: string; busy?: boolean }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy || undefined}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 1.25, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

export function ConditionBadge({ type }: { type: Product['productType'] }) {
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
      {isNew ? 'New' : 'Used'}
    </Box>
  );
}

/**
 * `priority`: the first row on the screen. Its photos load at once with high priority (one of them
 * is the page's largest paint); the rest wait until they scroll near.
 */
export function ProductCard({ product, now, priority }: { product: Product; now?: number; priority?: boolean }) {
  const name = titleCase(product.productName);
  const image = product.productImages[0];
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardActionArea
          component={RouterLink}
          to={`/product/${product.id}`}
          sx={(t) => ({
            height: '100%',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'stretch',
            justifyContent: 'flex-start',
            // The card clips its children (rounded photo corners), so the usual outside focus ring would
            // be cut off: draw it as a frame above the photo instead (same colours as the theme's ring).
            '&.Mui-focusVisible, &:focus-visible': { outline: 'none' },
            '&.Mui-focusVisible::after, &:focus-visible::after': {
              content: '""',
              position: 'absolute',
              inset: 0,
              border: `3px solid ${t.palette.mode === 'dark' ? '#ffd54f' : '#1a4dbf'}`,
              borderRadius: 'inherit',
              zIndex: 2,
              pointerEvents: 'none',
            },
          })}
        >
          <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'action.hover', overflow: 'hidden' }}>
            {image ? (
              <Box
                component="img"
                src={image.thumbnailUrl || image.imageUrl}
                alt={name}
                loading={priority ? 'eager' : 'lazy'}
                fetchPriority={priority ? 'high' : undefined}
                decoding="async"
                width={THUMB_W}
                height={THUMB_H}
                sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
              />
            ) : (
              <Box role="img" aria-label={`${name}: no photo`} sx={{ display: 'grid', placeItems: 'center', height: '100%', color: 'text.secondary' }}>
                <ImageNotSupportedIcon fontSize="large" aria-hidden />
              </Box>
            )}
            <Box sx={{ position: 'absolute', top: 8, left: 8 }}>
              <ConditionBadge type={product.productType} />
            </Box>
          </Box>
          <Box sx={{ p: { xs: 1, sm: 1.5 }, display: 'flex', flexDirection: 'column', gap: 0.25, flex: 1 }}>
            <Typography
              component="h3"
              sx={{ fontWeight: 600, fontSize: { xs: '0.9rem', sm: '0.95rem' }, lineHeight: 1.3, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
            >
              {name}
            </Typography>
            <Typography sx={{ fontWeight: 800, color: 'primary.main', fontSize: { xs: '0.95rem', sm: '1.05rem' } }}>{formatNaira(product.productPrice)}</Typography>
            <Typography variant="body2" noWrap sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.25, mt: 'auto' }}>
              <PlaceIcon sx={{ fontSize: '1rem', flexShrink: 0 }} aria-hidden />
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {product.productLocation}
              </Box>
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              <time dateTime={product.createdAt}>{timeAgo(product.createdAt, now)}</time>
            </Typography>
          </Box>
        </CardActionArea>
      </Card>
    </Box>
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
