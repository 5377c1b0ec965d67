import { useState } from 'react';
import { Box, ButtonBase, Link, Stack, Typography } from '@mui/material';
import type { Product } from '@kasuwa/contracts';

/** The listing's photos: the large WebP of the chosen one, thumbnails to switch, a link to the original. */
export function ProductPhotos({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  const images = product.productImages ?? [];
  if (images.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        This listing has no photos.
      </Typography>
    );
  }
  const current = images[Math.min(index, images.length - 1)];
  const position = (i: number) => `photo ${i + 1} of ${images.length}`;
  return (
    <Stack spacing={1.5}>
      <Box
        component="img"
        src={current.imageUrl}
        alt={`${product.productName}, ${position(index)}`}
        sx={{
          width: '100%',
          maxWidth: 560,
          maxHeight: 420,
          objectFit: 'contain',
          borderRadius: 1,
          bgcolor: 'action.hover',
          display: 'block',
        }}
      />
      {images.length > 1 && (
        <Stack component="ul" direction="row" aria-label="Photos" sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
          {images.map((image, i) => (
            <li key={image.imageUrl}>
              <ButtonBase
                onClick={() => setIndex(i)}
                aria-label={`Show ${position(i)}`}
                aria-current={i === index ? 'true' : undefined}
                sx={{
                  borderRadius: 1,
                  outline: i === index ? '2px solid' : 'none',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                }}
              >
                <Box
                  component="img"
                  src={image.thumbnailUrl}
                  alt=""
                  loading="lazy"
                  width={64}
                  height={64}
                  sx={{ objectFit: 'cover', borderRadius: 1, display: 'block' }}
                />
              </ButtonBase>
            </li>
          ))}
        </Stack>
      )}
      <Link href={current.originalUrl} target="_blank" rel="noopener" variant="body2">
        Open the original upload
      </Link>
    </Stack>
  );
}
