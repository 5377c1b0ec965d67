import type { ProductImage } from '@kasuwa/contracts';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Modal from '@mui/material/Modal';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';

/** How far a photo may be blown up, and the step of the buttons, keys and a double tap. */
export const MAX_ZOOM = 4;
const DOUBLE_TAP_ZOOM = 2.5;
const STEP = 1.5;
/** Two taps this close (ms, px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** A one-finger swipe this far (px) on an unzoomed photo moves to the next one. */
const SWIPE_PX = 50;

interface View {
  scale: number;
  x: number;
  y: number;
}
const FIT: View = { scale: 1, x: 0, y: 0 };
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/**
 * The product photos full screen, to look closely: pinch (two pointers), double tap or double click, the wheel, the
 * zoom buttons and +/− keys zoom; one finger or the mouse pans a zoomed photo and swipes an unzoomed one; arrow keys and
 * buttons move between photos; Escape or the close button closes (the focus goes back to the photo tapped). Loaded on
 * the first tap only (ImageCarousel).
 */
export default function PhotoZoom({
  images,
  name,
  start,
  onClose,
}: {
  images: ProductImage[];
  name: string;
  start: number;
  onClose: (index: number) => void;
}) {
  const [index, setIndex] = useState(start);
  const [view, setView] = useState<View>(FIT);
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ dist: number; scale: number; startX: number; startY: number; moved: number } | null>(null);
  const lastTap = useRef<{ t: number; x: number; y: number } | null>(null);
  const lastPointer = useRef('mouse');
  const titleId = useId();
  const count = images.length;
  const img = images[index] ?? images[0];

  /** Keeps a zoomed photo over the stage: it may not be pushed off further than its own overhang. */
  const fit = (next: View): View => {
    const scale = clamp(next.scale, 1, MAX_ZOOM);
    const rect = stage.current?.getBoundingClientRect();
    const maxX = rect ? ((scale - 1) * rect.width) / 2 : 0;
    const maxY = rect ? ((scale - 1) * rect.height) / 2 : 0;
    return scale === 1 ? FIT : { scale, x: clamp(next.x, -maxX, maxX), y: clamp(next.y, -maxY, maxY) };
  };
  const zoomBy = (factor: number) => setView((v) => fit({ ...v, scale: v.scale * factor }));
  const go = (next: number) => {
    setIndex(((next % count) + count) % count);
    setView(FIT);
  };
  const close = () => onClose(index);

  const onKeyDown = (e: KeyboardEvent) => {
    const act: Record<string, () => void> = {
      ArrowLeft: () => go(index - 1),
      ArrowRight: () => go(index + 1),
      '+': () => zoomBy(STEP),
      '=': () => zoomBy(STEP),
      '-': () => zoomBy(1 / STEP),
      '0': () => setView(FIT),
    };
    const run = act[e.key];
    if (!run || (count < 2 && e.key.startsWith('Arrow'))) return;
    e.preventDefault();
    run();
  };

  const toggleZoom = () => setView((v) => (v.scale > 1 ? FIT : fit({ scale: DOUBLE_TAP_ZOOM, x: 0, y: 0 })));
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    lastPointer.current = e.pointerType;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a, b] = [...pointers.current.values()];
    gesture.current = {
      dist: a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0,
      scale: view.scale,
      startX: e.clientX,
      startY: e.clientY,
      moved: 0,
    };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(e.pointerId);
    const g = gesture.current;
    if (!before || !g) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    g.moved = Math.max(g.moved, Math.hypot(e.clientX - g.startX, e.clientY - g.startY));
    const [a, b] = [...pointers.current.values()];
    if (a && b && g.dist) {
      // Pinch: the photo grows as the fingers part.
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      setView((v) => fit({ ...v, scale: (g.scale * dist) / g.dist }));
    } else if (view.scale > 1) {
      setView((v) => fit({ ...v, x: v.x + e.clientX - before.x, y: v.y + e.clientY - before.y }));
    }
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    const pinching = pointers.current.size > 1;
    pointers.current.delete(e.pointerId);
    if (!g || pinching) return;
    gesture.current = null;
    const dx = e.clientX - g.startX;
    if (view.scale === 1 && Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - g.startY)) return go(index + (dx < 0 ? 1 : -1));
    // A double tap on a touch screen (a mouse has dblclick): the browser's own double-tap zoom is off here (touch-action).
    if (e.pointerType === 'mouse' || g.moved > DOUBLE_TAP_PX) return;
    const tap = { t: e.timeStamp, x: e.clientX, y: e.clientY };
    const prev = lastTap.current;
    if (prev && tap.t - prev.t < DOUBLE_TAP_MS && Math.hypot(tap.x - prev.x, tap.y - prev.y) < DOUBLE_TAP_PX) {
      lastTap.current = null;
      toggleZoom();
    } else lastTap.current = tap;
  };
  const onWheel = (e: WheelEvent) => zoomBy(e.deltaY < 0 ? 1.2 : 1 / 1.2);

  const label = count > 1 ? `${name} — photo ${index + 1} of ${count}` : name;
  const button = { color: '#fff', bgcolor: 'rgba(0,0,0,0.55)', '&:hover': { bgcolor: 'rgba(0,0,0,0.8)' } } as const;
  return (
    // MUI's Modal (already a chunk of the app's, unlike Dialog): focus kept inside and given back, Escape, scroll lock.
    <Modal open onClose={close} hideBackdrop>
      <Box
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        sx={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column', bgcolor: '#000', color: '#fff', outline: 'none' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, zIndex: 1 }}>
          <Typography id={titleId} component="h2" noWrap sx={{ flex: 1, minWidth: 0, fontSize: '0.95rem', fontWeight: 600, px: 1 }}>
            {name}
          </Typography>
          {count > 1 && (
            <Typography aria-live="polite" sx={{ fontSize: '0.9rem', px: 1, whiteSpace: 'nowrap' }}>
              {index + 1} / {count}
            </Typography>
          )}
          <IconButton aria-label="Zoom out" onClick={() => zoomBy(1 / STEP)} disabled={view.scale <= 1} sx={button}>
            <ZoomOutIcon />
          </IconButton>
          <IconButton aria-label="Zoom in" onClick={() => zoomBy(STEP)} disabled={view.scale >= MAX_ZOOM} sx={button}>
            <ZoomInIcon />
          </IconButton>
          <IconButton aria-label="Close" onClick={close} autoFocus sx={button}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box
          ref={stage}
          data-testid="zoom-stage"
          data-scale={view.scale}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          // Some browsers follow a double tap with dblclick too: only a mouse's counts (a finger's was counted above).
          onDoubleClick={() => lastPointer.current === 'mouse' && toggleZoom()}
          onWheel={onWheel}
          sx={{
            flex: 1,
            position: 'relative',
            overflow: 'hidden',
            touchAction: 'none',
            cursor: view.scale > 1 ? 'grab' : 'zoom-in',
            userSelect: 'none',
          }}
        >
          {img && (
            <Box
              component="img"
              key={img.imageUrl}
              // The 1200 px photo the page already loaded: enough for a phone at 4×, and no second download on prepaid data.
              src={img.imageUrl}
              alt={label}
              draggable={false}
              sx={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                objectFit: 'contain',
                transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
                transformOrigin: 'center',
              }}
            />
          )}
        </Box>
        {count > 1 && (
          <>
            <IconButton
              aria-label="Previous photo"
              onClick={() => go(index - 1)}
              sx={{ ...button, position: 'absolute', left: 8, top: '50%' }}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label="Next photo"
              onClick={() => go(index + 1)}
              sx={{ ...button, position: 'absolute', right: 8, top: '50%' }}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </Box>
    </Modal>
  );
}
