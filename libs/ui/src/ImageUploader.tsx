import { MAX_IMAGE_MB, MAX_PRODUCT_IMAGES, type ProductImage } from '@kasuwa/contracts';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { shrinkPhoto } from './shrinkPhoto';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Set while a photo tile is dragged to a new place (mouse reordering); files dragged in carry 'Files'. */
const DRAG_TYPE = 'application/x-kasuwa-photo';

/** A photo on the form: one the listing already has (edit), or a picked file not uploaded yet. */
export type PhotoItem = { key: string; kind: 'existing'; image: ProductImage } | { key: string; kind: 'new'; file: File; preview: string };

let seq = 0;
const nextKey = () => `photo-${++seq}`;

export const existingPhoto = (image: ProductImage): PhotoItem => ({ key: nextKey(), kind: 'existing', image });

/** Frees the preview URLs of picked files (call when they leave the form). */
export function releasePreviews(items: readonly PhotoItem[]): void {
  for (const item of items) if (item.kind === 'new') URL.revokeObjectURL(item.preview);
}

interface Props {
  items: PhotoItem[];
  onChange: (items: PhotoItem[]) => void;
  disabled?: boolean;
  /** Shown under the drop zone, e.g. a server error about the photos. */
  error?: string;
  /**
   * New photos may go between kept ones. Off by default: the API appends uploads after the kept photos, so a form
   * that does not reorder after saving keeps new photos last.
   */
  mixedOrder?: boolean;
}

/**
 * The product form's photos (the product screens), in both apps: pick by button or drag-and-drop, previews, remove and reorder
 * (buttons for keyboards and phones, dragging for mice), at most 6. Not JPEG/PNG/WebP is left out with a notice; a
 * photo over 5 MB (a phone camera's) is made smaller in the browser first. The API checks everything again by
 * content. The first photo is the listing's cover.
 */
export function ImageUploader({ items, onChange, disabled = false, error, mixedOrder = false }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const pickRef = useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = useState(false);
  const [notices, setNotices] = useState<string[]>([]);
  const [shrinking, setShrinking] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Where the keyboard goes once the list has re-rendered: a moved photo's button, or the picker.
  const [focusNext, setFocusNext] = useState<{ key: string; action: 'earlier' | 'later' } | 'pick' | null>(null);
  const helpId = useId();
  const room = MAX_PRODUCT_IMAGES - items.length;

  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(null);
    if (focusNext === 'pick') return pickRef.current?.focus();
    const tile = listRef.current?.querySelector<HTMLElement>(`[data-photo-key="${focusNext.key}"]`);
    const wanted = tile?.querySelector<HTMLButtonElement>(`[data-action="${focusNext.action}"]`);
    const other = tile?.querySelector<HTMLButtonElement>(`[data-action="${focusNext.action === 'earlier' ? 'later' : 'earlier'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [focusNext, items]);

  const addFiles = async (files: File[]) => {
    const next: PhotoItem[] = [];
    const skippedType: string[] = [];
    const skippedSize: string[] = [];
    let dropped = 0;
    setShrinking(files.some((f) => f.size > MAX_IMAGE_MB * 1024 * 1024));
    for (const file of files) {
      if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
        skippedType.push(file.name);
        continue;
      }
      if (next.length >= room) {
        dropped++;
        continue;
      }
      const ready = await shrinkPhoto(file);
      if (!ready) skippedSize.push(file.name);
      else next.push({ key: nextKey(), kind: 'new', file: ready, preview: URL.createObjectURL(ready) });
    }
    setShrinking(false);
    const messages: string[] = [];
    if (skippedType.length) messages.push(`Not added (only JPEG, PNG or WebP): ${skippedType.join(', ')}`);
    if (skippedSize.length) messages.push(`Not added (could not be made smaller than ${MAX_IMAGE_MB} MB): ${skippedSize.join(', ')}`);
    if (dropped)
      messages.push(
        `Only ${MAX_PRODUCT_IMAGES} photos are allowed per listing: ${dropped} ${dropped === 1 ? 'photo was' : 'photos were'} not added.`,
      );
    setNotices(messages);
    if (next.length) {
      onChange([...items, ...next]);
      setAnnouncement(`${next.length} ${next.length === 1 ? 'photo' : 'photos'} added.`);
    }
  };

  const remove = (index: number) => {
    const item = items[index];
    if (item) releasePreviews([item]);
    setNotices([]);
    onChange(items.filter((_, i) => i !== index));
    setAnnouncement(`Photo ${index + 1} removed.`);
    setFocusNext('pick'); // the pressed button is gone with its photo
  };

  const canMove = (from: number, to: number) =>
    to >= 0 && to < items.length && from !== to && (mixedOrder || items[from]?.kind === items[to]?.kind);
  const move = (from: number, to: number, action?: 'earlier' | 'later') => {
    if (!canMove(from, to)) return;
    const next = [...items];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    onChange(next);
    setAnnouncement(`Photo moved to position ${to + 1} of ${items.length}.`);
    if (action) setFocusNext({ key: item.key, action });
  };

  const carries = (e: DragEvent, type: string) => Array.from(e.dataTransfer.types).includes(type);
  const onDragOver = (e: DragEvent) => {
    if (disabled || !(carries(e, 'Files') || carries(e, DRAG_TYPE))) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = carries(e, 'Files') ? 'copy' : 'move';
    if (carries(e, 'Files')) setDragging(true);
  };
  const onDrop = (e: DragEvent, target?: number) => {
    e.preventDefault();
    e.stopPropagation();
    setDragging(false);
    if (disabled) return;
    if (carries(e, DRAG_TYPE)) {
      const from = Number(e.dataTransfer.getData(DRAG_TYPE));
      if (Number.isInteger(from)) move(from, target ?? items.length - 1);
      return;
    }
    void addFiles(Array.from(e.dataTransfer.files));
  };

  const hasMixed = !mixedOrder && items.some((i) => i.kind === 'existing') && items.some((i) => i.kind === 'new');
  const moveButton = (i: number, action: 'earlier' | 'later') => {
    const to = action === 'earlier' ? i - 1 : i + 1;
    return (
      <IconButton
        size="small"
        data-action={action}
        aria-label={`Move photo ${i + 1} ${action === 'earlier' ? 'left' : 'right'}`}
        disabled={disabled || !canMove(i, to)}
        onClick={() => move(i, to, action)}
      >
        {action === 'earlier' ? <ChevronLeftIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
      </IconButton>
    );
  };

  return (
    <Box>
      <Box
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(e) => onDrop(e)}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.selected' : 'action.hover',
          borderRadius: 2,
          p: { xs: 2, sm: 3 },
          textAlign: 'center',
          transition: 'background-color 120ms, border-color 120ms',
        }}
      >
        <AddPhotoAlternateIcon sx={{ fontSize: 40, color: 'primary.main' }} aria-hidden />
        {/* Phones have no drag and drop: the button is the way in, named as a phone user thinks of it. */}
        <Typography sx={{ fontWeight: 600, display: { xs: 'none', md: 'block' } }}>Drag photos here or</Typography>
        <Button
          ref={pickRef}
          variant="contained"
          sx={{ mt: 1 }}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || room <= 0 || shrinking}
          loading={shrinking}
          loadingPosition="start"
          startIcon={<AddPhotoAlternateIcon />}
          aria-describedby={helpId}
        >
          {shrinking ? 'Preparing photos…' : 'Add photos'}
        </Button>
        <input
          ref={inputRef}
          type="file"
          name="productImages"
          accept={IMAGE_TYPES.join(',')}
          multiple
          hidden
          aria-label="Product photos"
          onChange={(e) => {
            void addFiles(Array.from(e.target.files ?? []));
            e.target.value = ''; // picking the same file again still fires change
          }}
        />
        <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Up to {MAX_PRODUCT_IMAGES} photos from your camera or gallery (JPEG, PNG or WebP). Big photos are made smaller before upload. The
          first photo is the cover. {items.length}/{MAX_PRODUCT_IMAGES} added.
        </Typography>
      </Box>
      {error && (
        <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5, whiteSpace: 'pre-line' }}>
          {error}
        </Typography>
      )}
      {notices.length > 0 && (
        <Alert severity="warning" onClose={() => setNotices([])} sx={{ mt: 1.5, whiteSpace: 'pre-line' }}>
          {notices.join('\n')}
        </Alert>
      )}
      {items.length > 0 && (
        <Box
          component="ol"
          ref={listRef}
          aria-label="Selected photos, in display order"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 1.5,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(140px, 1fr))' },
          }}
        >
          {items.map((item, i) => (
            <Box
              component="li"
              key={item.key}
              data-photo-key={item.key}
              draggable={!disabled}
              onDragStart={(e: DragEvent) => {
                e.dataTransfer.setData(DRAG_TYPE, String(i));
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={onDragOver}
              onDrop={(e: DragEvent) => onDrop(e, i)}
              sx={{
                border: 1,
                borderColor: i === 0 ? 'primary.main' : 'divider',
                borderRadius: 1.5,
                bgcolor: 'background.paper',
                cursor: disabled ? 'default' : 'grab',
              }}
            >
              <Box
                sx={{
                  position: 'relative',
                  aspectRatio: '4 / 3',
                  bgcolor: 'action.hover',
                  overflow: 'hidden',
                  borderTopLeftRadius: 'inherit',
                  borderTopRightRadius: 'inherit',
                }}
              >
                <Box
                  component="img"
                  src={item.kind === 'new' ? item.preview : item.image.thumbnailUrl || item.image.imageUrl}
                  alt={`Photo ${i + 1}${i === 0 ? ' (cover)' : ''}`}
                  width={160}
                  height={120}
                  sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', pointerEvents: 'none' }}
                />
                {i === 0 && (
                  <Box
                    component="span"
                    sx={{
                      position: 'absolute',
                      left: 4,
                      top: 4,
                      px: 0.5,
                      borderRadius: 0.5,
                      fontSize: '0.7rem',
                      fontWeight: 700,
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                    }}
                  >
                    Cover
                  </Box>
                )}
              </Box>
              <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                {moveButton(i, 'earlier')}
                <IconButton
                  size="small"
                  aria-label={`Remove photo ${i + 1}`}
                  disabled={disabled}
                  onClick={() => remove(i)}
                  sx={{ color: 'error.main' }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
                {moveButton(i, 'later')}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {hasMixed && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          New photos are added after the photos already on the listing.
        </Typography>
      )}
      <Box aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
