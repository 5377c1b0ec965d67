import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Alert, Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '../../common/a11y';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import { MAX_IMAGE_MB, MAX_PRODUCT_IMAGES, type ProductImage } from '@kasuwa/contracts';

/** A photo of the form: one the listing already has, or a picked file not uploaded yet. */
export type ImageItem =
  | { key: string; kind: 'existing'; image: ProductImage }
  | { key: string; kind: 'new'; file: File; preview: string };

export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = MAX_IMAGE_MB * 1024 * 1024;
const DRAG_TYPE = 'application/x-kasuwa-photo';

let counter = 0;
const nextKey = () => `photo-${++counter}`;

export const existingItem = (image: ProductImage): ImageItem => ({ key: nextKey(), kind: 'existing', image });

/** Frees the preview URLs of picked files (call when they leave the form). */
export function releasePreviews(items: readonly ImageItem[]): void {
  for (const item of items) if (item.kind === 'new') URL.revokeObjectURL(item.preview);
}

interface Props {
  items: ImageItem[];
  onChange: (items: ImageItem[]) => void;
  disabled?: boolean;
  /** A server-side error about the photos (422 on productImages). */
  error?: string;
}

/**
 * Spec §2 product form uploader: pick or drag-drop photos, previews, remove and reorder (buttons
 * for keyboards, drag for mice), at most 6. JPEG/PNG/WebP up to 5 MB are checked here for a quick
 * answer; the API checks the content again. The first photo is the listing's cover.
 */
export function ImageUploader({ items, onChange, disabled = false, error }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [notices, setNotices] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragOver, setDragOver] = useState(false);
  const pickRef = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes once the list has re-rendered: a moved photo's button, or the picker.
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; action: 'earlier' | 'later' } | 'pick' | null>(
    null,
  );
  const labelId = useId();
  const helpId = useId();
  const full = items.length >= MAX_PRODUCT_IMAGES;

  // Moving a photo re-orders the DOM; keep the keyboard on the button that was pressed.
  useEffect(() => {
    if (!focusAfterMove) return;
    if (focusAfterMove === 'pick') {
      pickRef.current?.focus();
      setFocusAfterMove(null);
      return;
    }
    if (!listRef.current) return;
    const tile = listRef.current.querySelector<HTMLElement>(`[data-photo-key="${focusAfterMove.key}"]`);
    const wanted = tile?.querySelector<HTMLButtonElement>(`[data-action="${focusAfterMove.action}"]`);
    const other = tile?.querySelector<HTMLButtonElement>(
      `[data-action="${focusAfterMove.action === 'earlier' ? 'later' : 'earlier'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, items]);

  const addFiles = (files: readonly File[]) => {
    const problems: string[] = [];
    const accepted: ImageItem[] = [];
    let room = MAX_PRODUCT_IMAGES - items.length;
    let dropped = 0;
    for (const file of files) {
      if (!ACCEPTED_TYPES.includes(file.type)) {
        problems.push(`${file.name}: only JPEG, PNG or WebP images can be added.`);
      } else if (file.size > MAX_BYTES) {
        problems.push(`${file.name}: larger than ${MAX_IMAGE_MB} MB.`);
      } else if (room <= 0) {
        dropped++;
      } else {
        accepted.push({ key: nextKey(), kind: 'new', file, preview: URL.createObjectURL(file) });
        room--;
      }
    }
    if (dropped > 0) {
      problems.push(
        `A listing can have at most ${MAX_PRODUCT_IMAGES} photos: ${dropped} ${dropped === 1 ? 'was' : 'were'} not added.`,
      );
    }
    setNotices(problems);
    if (accepted.length > 0) {
      onChange([...items, ...accepted]);
      setAnnouncement(`${accepted.length} ${accepted.length === 1 ? 'photo' : 'photos'} added.`);
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(Array.from(event.target.files ?? []));
    event.target.value = ''; // picking the same file again still fires change
  };

  const move = (from: number, to: number, action?: 'earlier' | 'later') => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    onChange(next);
    setAnnouncement(`Photo moved to position ${to + 1} of ${items.length}.`);
    if (action) setFocusAfterMove({ key: item.key, action });
  };

  const remove = (index: number) => {
    const item = items[index];
    releasePreviews([item]);
    onChange(items.filter((_, i) => i !== index));
    setNotices([]);
    setAnnouncement(`Photo ${index + 1} removed.`);
    setFocusAfterMove('pick'); // the pressed button is gone with its photo
  };

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
  const isPhotoDrag = (event: DragEvent) => Array.from(event.dataTransfer.types).includes(DRAG_TYPE);

  const onZoneDragOver = (event: DragEvent) => {
    if (disabled || !(hasFiles(event) || isPhotoDrag(event))) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = hasFiles(event) ? 'copy' : 'move';
    if (hasFiles(event)) setDragOver(true);
  };

  const onZoneDrop = (event: DragEvent, targetIndex?: number) => {
    if (disabled) return;
    event.preventDefault();
    event.stopPropagation();
    setDragOver(false);
    if (isPhotoDrag(event)) {
      const from = Number(event.dataTransfer.getData(DRAG_TYPE));
      if (Number.isInteger(from)) move(from, targetIndex ?? items.length - 1);
      return;
    }
    addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={helpId}>
      <Typography id={labelId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Photos ({items.length} of {MAX_PRODUCT_IMAGES})
      </Typography>
      <Box
        onDragOver={onZoneDragOver}
        onDragLeave={() => setDragOver(false)}
        onDrop={(e) => onZoneDrop(e)}
        sx={{
          border: '2px dashed',
          borderColor: error ? 'error.main' : dragOver ? 'primary.main' : 'divider',
          bgcolor: dragOver ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 2,
        }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Typography variant="body2">Drag photos here, or</Typography>
          <Button
            variant="outlined"
            startIcon={<AddPhotoIcon />}
            ref={pickRef}
            onClick={() => inputRef.current?.click()}
            disabled={disabled || full}
          >
            Choose photos
          </Button>
          <Typography id={helpId} variant="caption" sx={{ color: 'text.secondary' }}>
            Up to {MAX_PRODUCT_IMAGES} photos, JPEG, PNG or WebP, {MAX_IMAGE_MB} MB each. The first photo is the cover.
          </Typography>
          <input
            ref={inputRef}
            type="file"
            name="productImages"
            accept={ACCEPTED_TYPES.join(',')}
            multiple
            hidden
            onChange={onPick}
            aria-label="Choose photos"
          />
        </Stack>

        {items.length > 0 && (
          <Box
            component="ol"
            ref={listRef}
            aria-label="Chosen photos, in display order"
            sx={{
              listStyle: 'none',
              m: 0,
              mt: 2,
              p: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))',
            }}
          >
            {items.map((item, index) => (
              <Box
                component="li"
                key={item.key}
                data-photo-key={item.key}
                draggable={!disabled}
                onDragStart={(e: DragEvent) => {
                  e.dataTransfer.setData(DRAG_TYPE, String(index));
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={onZoneDragOver}
                onDrop={(e: DragEvent) => onZoneDrop(e, index)}
                sx={{
                  position: 'relative',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'background.paper',
                  cursor: disabled ? 'default' : 'grab',
                }}
              >
                <Box
                  component="img"
                  src={item.kind === 'existing' ? item.image.thumbnailUrl : item.preview}
                  alt={`Photo ${index + 1}${item.kind === 'new' ? ` (${item.file.name}, not uploaded yet)` : ''}`}
                  sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', display: 'block', pointerEvents: 'none' }}
                />
                {index === 0 && (
                  <Chip
                    label="Cover"
                    size="small"
                    color="primary"
                    sx={{ position: 'absolute', top: 4, left: 4 }}
                  />
                )}
                {item.kind === 'new' && (
                  <Chip
                    label="New"
                    size="small"
                    sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
                  />
                )}
                <Stack direction="row" sx={{ justifyContent: 'space-between', px: 0.25 }}>
                  <Tooltip title="Move earlier">
                    <span>
                      <IconButton
                        size="small"
                        data-action="earlier"
                        onClick={() => move(index, index - 1, 'earlier')}
                        disabled={disabled || index === 0}
                        aria-label={`Move photo ${index + 1} earlier`}
                      >
                        <ArrowBackIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move later">
                    <span>
                      <IconButton
                        size="small"
                        data-action="later"
                        onClick={() => move(index, index + 1, 'later')}
                        disabled={disabled || index === items.length - 1}
                        aria-label={`Move photo ${index + 1} later`}
                      >
                        <ArrowForwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Remove">
                    <span>
                      <IconButton
                        size="small"
                        color="error"
                        onClick={() => remove(index)}
                        disabled={disabled}
                        aria-label={`Remove photo ${index + 1}`}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              </Box>
            ))}
          </Box>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {error}
        </Alert>
      )}
      {notices.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setNotices([])}>
          {notices.map((n) => (
            <div key={n}>{n}</div>
          ))}
        </Alert>
      )}
      <Box aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
