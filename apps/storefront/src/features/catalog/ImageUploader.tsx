import { MAX_IMAGE_MB, MAX_PRODUCT_IMAGES } from '@kasuwa/contracts';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';
import { shrinkPhoto } from './shrinkPhoto';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A photo on the form: one already on the listing (edit) or a newly picked file. */
export type PhotoItem =
  | { key: string; kind: 'existing'; imageUrl: string; thumbnailUrl: string }
  | { key: string; kind: 'new'; file: File; preview: string };

interface Props {
  items: PhotoItem[];
  onChange: (items: PhotoItem[]) => void;
  disabled?: boolean;
  /** Shown under the drop zone, e.g. a server error about the photos. */
  error?: string;
}

let seq = 0;

/**
 * Picks photos by drag-and-drop or the file picker, shows previews, removes and reorders them.
 * Anything past 6 photos or not JPEG/PNG/WebP is left out with a notice; a photo over 5 MB (a phone camera's)
 * is made smaller in the browser first (the server checks again, by content, and keeps its 5 MB limit). On an edit the photos already on the listing stay before new ones,
 * because the server appends uploads after the kept photos.
 */
export function ImageUploader({ items, onChange, disabled, error }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [notices, setNotices] = useState<string[]>([]);
  const [shrinking, setShrinking] = useState(false);
  const room = MAX_PRODUCT_IMAGES - items.length;

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
      else next.push({ key: `new-${++seq}`, kind: 'new', file: ready, preview: URL.createObjectURL(ready) });
    }
    setShrinking(false);
    const messages: string[] = [];
    if (skippedType.length) messages.push(`Not added (only JPEG, PNG or WebP): ${skippedType.join(', ')}`);
    if (skippedSize.length) messages.push(`Not added (could not be made smaller than ${MAX_IMAGE_MB} MB): ${skippedSize.join(', ')}`);
    if (dropped) messages.push(`Only ${MAX_PRODUCT_IMAGES} photos are allowed per listing: ${dropped} ${dropped === 1 ? 'photo was' : 'photos were'} not added.`);
    setNotices(messages);
    if (next.length) onChange([...items, ...next]);
  };

  const remove = (index: number) => {
    const item = items[index];
    if (item?.kind === 'new') URL.revokeObjectURL(item.preview);
    setNotices([]);
    onChange(items.filter((_, i) => i !== index));
  };

  const canMove = (from: number, to: number) => to >= 0 && to < items.length && items[from]?.kind === items[to]?.kind;
  const move = (from: number, to: number) => {
    if (!canMove(from, to)) return;
    const next = [...items];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    onChange(next);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (disabled) return;
    void addFiles(Array.from(e.dataTransfer.files));
  };

  const hasMixed = items.some((i) => i.kind === 'existing') && items.some((i) => i.kind === 'new');

  return (
    <Box>
      <Box
        onDragEnter={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
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
          variant="contained"
          sx={{ mt: 1 }}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || room <= 0 || shrinking}
          loading={shrinking}
          loadingPosition="start"
          startIcon={<AddPhotoAlternateIcon />}
          aria-describedby="photo-rules"
        >
          {shrinking ? 'Preparing photos…' : 'Add photos'}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          hidden
          aria-label="Product photos"
          onChange={(e) => {
            void addFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <Typography id="photo-rules" variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Up to {MAX_PRODUCT_IMAGES} photos from your camera or gallery. Big photos are made smaller before upload. The first photo is the cover.{' '}
          {items.length}/{MAX_PRODUCT_IMAGES} added.
        </Typography>
      </Box>
      {error && (
        <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5 }}>
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
          aria-label="Selected photos"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(140px, 1fr))' } }}
        >
          {items.map((item, i) => {
            const label = `photo ${i + 1}`;
            return (
              <Box component="li" key={item.key} sx={{ border: 1, borderColor: i === 0 ? 'primary.main' : 'divider', borderRadius: 1.5, bgcolor: 'background.paper' }}>
                <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'action.hover', overflow: 'hidden', borderTopLeftRadius: 'inherit', borderTopRightRadius: 'inherit' }}>
                  <Box
                    component="img"
                    src={item.kind === 'new' ? item.preview : item.thumbnailUrl || item.imageUrl}
                    alt={`Photo ${i + 1}${i === 0 ? ' (cover)' : ''}`}
                    width={160}
                    height={120}
                    sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                  {i === 0 && (
                    <Box component="span" sx={{ position: 'absolute', left: 4, top: 4, px: 0.5, borderRadius: 0.5, fontSize: '0.7rem', fontWeight: 700, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
                      Cover
                    </Box>
                  )}
                </Box>
                <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                  <IconButton size="small" aria-label={`Move ${label} left`} disabled={disabled || !canMove(i, i - 1)} onClick={() => move(i, i - 1)}>
                    <ChevronLeftIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`Remove ${label}`} disabled={disabled} onClick={() => remove(i)} sx={{ color: 'error.main' }}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`Move ${label} right`} disabled={disabled || !canMove(i, i + 1)} onClick={() => move(i, i + 1)}>
                    <ChevronRightIcon fontSize="small" />
                  </IconButton>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      {hasMixed && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          New photos are added after the photos already on the listing.
        </Typography>
      )}
    </Box>
  );
}
