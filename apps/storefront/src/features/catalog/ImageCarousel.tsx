import type { ProductImage } from '@kasuwa/contracts';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent } from 'react';

/** Large images are ~1200 px WebP; a 4:3 frame keeps the page from jumping while they load. */
const LARGE_W = 1200;
const LARGE_H = 900;
/** The photo's width on screen: the whole width on a phone, about 7/12 of the 1200 px container on a desktop. */
export const PHOTO_SIZES = '(min-width: 900px) 680px, 100vw';

/** The 400 px thumbnail first, so a phone screen can take it instead of the 1200 px photo. */
export function photoSrcSet(img: ProductImage): string | undefined {
  return img.thumbnailUrl && img.thumbnailUrl !== img.imageUrl ? `${img.thumbnailUrl} 400w, ${img.imageUrl} ${LARGE_W}w` : undefined;
}

/**
 * The product photos: one large image, previous/next buttons, a strip of thumbnails. Arrow keys work
 * when the carousel has focus; every control has a label.
 */
export function ImageCarousel({ images, name }: { images: ProductImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];

  if (!current) {
    return (
      <Box
        role="img"
        aria-label={`${name}: no photo`}
        sx={{ aspectRatio: '4 / 3', display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 2, color: 'text.secondary' }}
      >
        <ImageNotSupportedIcon sx={{ fontSize: 64 }} aria-hidden />
      </Box>
    );
  }

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(index - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(index + 1);
    }
  };
  const arrowSx = {
    position: 'absolute',
    top: '50%',
    transform: 'translateY(-50%)',
    bgcolor: 'rgba(0,0,0,0.6)',
    color: '#fff',
    '&:hover': { bgcolor: 'rgba(0,0,0,0.78)' },
  } as const;

  return (
    <Box component="section" aria-roledescription="carousel" aria-label={`Photos of ${name}`} onKeyDown={onKeyDown}>
      <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: 'action.hover', aspectRatio: '4 / 3' }}>
        <Box
          component="img"
          key={current.imageUrl}
          src={current.imageUrl}
          srcSet={photoSrcSet(current)}
          sizes={PHOTO_SIZES}
          alt={count > 1 ? `${name} — photo ${index + 1} of ${count}` : name}
          width={LARGE_W}
          height={LARGE_H}
          decoding="async"
          fetchPriority={index === 0 ? 'high' : 'auto'}
          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
        />
        {count > 1 && (
          <>
            <IconButton aria-label="Previous photo" onClick={() => go(index - 1)} sx={{ ...arrowSx, left: 8 }}>
              <ChevronLeftIcon />
            </IconButton>
            <IconButton aria-label="Next photo" onClick={() => go(index + 1)} sx={{ ...arrowSx, right: 8 }}>
              <ChevronRightIcon />
            </IconButton>
            <Typography
              aria-live="polite"
              sx={{ position: 'absolute', bottom: 8, right: 8, px: 1, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.7)', color: '#fff', fontSize: '0.8rem' }}
            >
              {index + 1} / {count}
            </Typography>
          </>
        )}
      </Box>
      {count > 1 && (
        <Box component="ul" aria-label="Choose a photo" sx={{ listStyle: 'none', p: 0.75, m: 0, mt: 0.5, mx: -0.75, display: 'flex', gap: 1, overflowX: 'auto' }}>
          {images.map((img, i) => (
            <li key={img.imageUrl}>
              <ButtonBase
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                sx={{
                  width: 64,
                  height: 64,
                  borderRadius: 1,
                  overflow: 'hidden',
                  border: 2,
                  borderColor: i === index ? 'primary.main' : 'transparent',
                  opacity: i === index ? 1 : 0.75,
                }}
              >
                <Box component="img" src={img.thumbnailUrl || img.imageUrl} alt="" loading="lazy" width={64} height={64} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              </ButtonBase>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
