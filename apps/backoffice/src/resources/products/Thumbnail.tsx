import { Box } from '@mui/material';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import type { Product } from '@kasuwa/contracts';

/** The card thumbnail (~400 px WebP) of a listing's first photo, alt = its name. */
export function Thumbnail({ product, size = 56 }: { product: Pick<Product, 'productName' | 'productImages'>; size?: number }) {
  const first = product.productImages?.[0];
  const box = { width: size, height: size, borderRadius: 1, flexShrink: 0 } as const;
  if (!first) {
    return (
      <Box
        role="img"
        aria-label={`${product.productName} (no photo)`}
        sx={{ ...box, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        <ImageIcon />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={first.thumbnailUrl}
      alt={product.productName}
      loading="lazy"
      decoding="async"
      width={size}
      height={size}
      sx={{ ...box, objectFit: 'cover', display: 'block', bgcolor: 'action.hover' }}
    />
  );
}
