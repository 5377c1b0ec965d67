import { carrierText, type Order } from '@kasuwa/contracts';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useState } from 'react';
import type { OrderRole } from './orderFormat';
import { TrackingDialog } from './TrackingDialog';

/** While the goods are on their way the seller may still correct the carrier and number (as the API allows). */
const CORRECTABLE: readonly Order['status'][] = ['shipped', 'on_the_way'];

/** "Shipped with DHL · Tracking number 123", or null when the seller said nothing. */
export function shippedWithText(order: Pick<Order, 'carrier' | 'carrierName' | 'trackingNumber'>): string | null {
  const carrier = carrierText(order);
  if (!carrier) return null;
  return `Shipped with ${carrier}${order.trackingNumber ? ` · Tracking number ${order.trackingNumber}` : ''}`;
}

/**
 * Tracking on shipped orders on the order page: who carries it and its number, a link to the carrier's own tracking
 * page (a new tab) where there is one, and for the seller the way to correct them while the order is on its way.
 */
export function TrackingInfo({ order, role, onChange }: { order: Order; role: OrderRole; onChange: (next: Order) => void }) {
  const [editing, setEditing] = useState(false);
  const text = shippedWithText(order);
  const mayCorrect = role === 'seller' && order.viewerRole === 'seller' && CORRECTABLE.includes(order.status);
  if (!text && !mayCorrect) return null;
  return (
    <Box
      aria-label="Delivery tracking"
      component="section"
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 1.5, borderRadius: 1, bgcolor: 'action.hover', minWidth: 0 }}
    >
      <LocalShippingIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="tracking-text">
          {text ?? 'You have not said who carries this order.'}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0.5, alignItems: 'center' }}>
          {order.trackingUrl && (
            <Link
              href={order.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
            >
              Track it on the carrier’s site
              <OpenInNewIcon fontSize="inherit" aria-hidden />
              <Box component="span" sx={visuallyHidden}>
                (opens in a new tab)
              </Box>
            </Link>
          )}
          {mayCorrect && (
            <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
              {text ? 'Change carrier or number' : 'Add carrier and tracking number'}
            </Button>
          )}
        </Box>
      </Box>
      {mayCorrect && <TrackingDialog order={order} mode="correct" open={editing} onClose={() => setEditing(false)} onSaved={onChange} />}
    </Box>
  );
}
