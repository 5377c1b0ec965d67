import type { ProductImage } from '@kasuwa/contracts';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** Large images are ~1200 px WebP; a 4:3 frame keeps the page from jumping while they load. */
const LARGE_W = 1200;
const LARGE_H = 900;
/** The photo's width on screen: the whole width on a phone, about 7/12 of the 1200 px container on a desktop. */
export const PHOTO_SIZES = '(min-width: 900px) 680px, 100vw';
/** A mouse drag this far (px) across the photo moves to the next one, as a finger's swipe does. */
export const DRAG_TO_MOVE = 40;

/** The 400 px thumbnail first, so a phone screen can take it instead of the 1200 px photo. */
export function photoSrcSet(img: ProductImage): string | undefined {
  return img.thumbnailUrl && img.thumbnailUrl !== img.imageUrl ? `${img.thumbnailUrl} 400w, ${img.imageUrl} ${LARGE_W}w` : undefined;
}

// The zoom view is loaded on the first tap (or the first touch of a photo, so it is there by the tap), never with the
// page: the first view's script budget is spent.
const loadZoom = () => import('./PhotoZoom');
const PhotoZoom = lazy(loadZoom);

/**
 * The product photos: a strip of full-width slides that a finger swipes (CSS scroll snap, the browser's own scrolling)
 * or a mouse drags, previous/next buttons, arrow keys when the carousel has focus, and a strip of thumbnails. Tapping a
 * photo opens it full screen to pinch, double-tap or button zoom (a chunk of its own). Every control has a label.
 */
export function ImageCarousel({ images, name }: { images: ProductImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  // Slides drawn so far: the one shown and its neighbours, so a swipe finds the next photo there without loading them all.
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(() => new Set([0, 1]));
  const [zoomAt, setZoomAt] = useState<number | null>(null);
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);
  const count = images.length;

  if (!count) {
    return (
      <Box
        role="img"
        aria-label={`${name}: no photo`}
        sx={{
          aspectRatio: '4 / 3',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          borderRadius: 2,
          color: 'text.secondary',
        }}
      >
        <ImageNotSupportedIcon sx={{ fontSize: 64 }} aria-hidden />
      </Box>
    );
  }

  const settle = (i: number) => {
    setIndex(i);
    if (![i - 1, i, i + 1].every((n) => drawn.has(n))) setDrawn((d) => new Set([...d, i - 1, i, i + 1]));
  };
  /** Shows photo `next` (wrapping round): the strip scrolls there, and the counter and thumbnails follow. */
  const go = (next: number) => {
    const i = ((next % count) + count) % count;
    settle(i);
    const el = track.current;
    el?.scrollTo?.({ left: i * el.clientWidth });
  };
  // A swipe scrolls the strip natively; the photo shown is the slide it came to rest on.
  const onScroll = () => {
    const el = track.current;
    if (!el?.clientWidth) return;
    const i = Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth)));
    if (i !== index) settle(i);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2 || zoomAt !== null) return;
    const step = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
    if (!step) return;
    e.preventDefault();
    go(index + step);
  };
  // A mouse has no swipe: a drag across the photo does the same. Touch and pen scroll the strip themselves.
  const onPointerDown = (e: PointerEvent) => {
    void loadZoom();
    drag.current = e.pointerType === 'mouse' ? { x: e.clientX, moved: false } : null;
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = drag.current;
    if (!start) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) < DRAG_TO_MOVE) return;
    start.moved = true;
    if (count > 1) go(index + (dx < 0 ? 1 : -1));
  };
  const open = (i: number) => {
    // The click that ends a drag is not a tap.
    if (drag.current?.moved) return void (drag.current = null);
    setZoomAt(i);
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
          ref={track}
          onScroll={onScroll}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          data-testid="photo-track"
          sx={{
            display: 'flex',
            height: '100%',
            overflowX: count > 1 ? 'auto' : 'hidden',
            overflowY: 'hidden',
            scrollSnapType: 'x mandatory',
            // The buttons and keys glide to the photo, unless motion is turned down (CSS decides: nothing to load for it).
            scrollBehavior: 'smooth',
            '@media (prefers-reduced-motion: reduce)': { scrollBehavior: 'auto' },
            overscrollBehaviorX: 'contain',
            scrollbarWidth: 'none',
            '&::-webkit-scrollbar': { display: 'none' },
          }}
        >
          {images.map((img, i) => {
            const shown = i === index;
            const label = count > 1 ? `${name} — photo ${i + 1} of ${count}` : name;
            return (
              <Box
                key={img.imageUrl}
                role="group"
                aria-roledescription="slide"
                aria-label={count > 1 ? `Photo ${i + 1} of ${count}` : 'Photo'}
                aria-hidden={shown ? undefined : true}
                sx={{ flex: '0 0 100%', height: '100%', scrollSnapAlign: 'start', scrollSnapStop: 'always' }}
              >
                <ButtonBase
                  onClick={() => open(i)}
                  tabIndex={shown ? 0 : -1}
                  aria-label={`Zoom: ${label}`}
                  aria-haspopup="dialog"
                  // The image may be dragged by the strip, not by the browser's own image drag.
                  onDragStart={(e) => e.preventDefault()}
                  sx={{ display: 'block', width: '100%', height: '100%', cursor: 'zoom-in' }}
                >
                  {(drawn.has(i) || shown) && (
                    <Box
                      component="img"
                      src={img.imageUrl}
                      srcSet={photoSrcSet(img)}
                      sizes={PHOTO_SIZES}
                      alt={label}
                      width={LARGE_W}
                      height={LARGE_H}
                      decoding="async"
                      loading={i === 0 ? undefined : 'lazy'}
                      fetchPriority={i === 0 ? 'high' : 'auto'}
                      sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
                    />
                  )}
                </ButtonBase>
              </Box>
            );
          })}
        </Box>
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
              sx={{
                position: 'absolute',
                bottom: 8,
                right: 8,
                px: 1,
                borderRadius: 1,
                bgcolor: 'rgba(0,0,0,0.7)',
                color: '#fff',
                fontSize: '0.8rem',
              }}
            >
              {index + 1} / {count}
            </Typography>
          </>
        )}
      </Box>
      {count > 1 && (
        <Box
          component="ul"
          aria-label="Choose a photo"
          sx={{ listStyle: 'none', p: 0.75, m: 0, mt: 0.5, mx: -0.75, display: 'flex', gap: 1, overflowX: 'auto' }}
        >
          {images.map((img, i) => (
            <li key={img.imageUrl}>
              <ButtonBase
                onClick={() => go(i)}
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
                <Box
                  component="img"
                  src={img.thumbnailUrl || img.imageUrl}
                  alt=""
                  loading="lazy"
                  width={64}
                  height={64}
                  sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              </ButtonBase>
            </li>
          ))}
        </Box>
      )}
      {zoomAt !== null && (
        // An overlay over the page: nothing moves while its chunk loads.
        <Suspense fallback={null}>
          <PhotoZoom
            images={images}
            name={name}
            start={zoomAt}
            onClose={(last) => {
              setZoomAt(null);
              if (last !== index) go(last);
              // The focus goes back to the photo last looked at (the dialog hands it to the one tapped first).
              window.requestAnimationFrame(() => track.current?.querySelectorAll<HTMLElement>('button')[last]?.focus());
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
