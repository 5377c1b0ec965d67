import { Chip, Tooltip } from '@mui/material';
import type { Product } from '@kasuwa/contracts';
import { statusColour, statusLabel } from '../../common/StatusChip';

/**
 * A listing's status; a blocked one carries the block reason as a tooltip. The chip is then
 * focusable and the reason its description, so keyboard and screen-reader users get it too.
 */
export function ProductStatusChip({ product }: { product: Pick<Product, 'productStatus' | 'blockReason'> }) {
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={statusColour(product.productStatus)}
      label={statusLabel(product.productStatus)}
      tabIndex={product.blockReason ? 0 : undefined}
    />
  );
  if (!product.blockReason) return chip;
  return (
    <Tooltip title={`Reason: ${product.blockReason}`} describeChild arrow>
      {chip}
    </Tooltip>
  );
}
