import { formatNaira } from '@kasuwa/contracts';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import RemoveIcon from '@mui/icons-material/Remove';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { toast } from '../../app/toast';
import { pathOf, rememberReturnTo } from '../auth/returnTo';
import { useSession } from '../auth/useSession';
import type { CartLine } from './cartStorage';
import { useCart } from './useCart';

// The shipping dialog (and the checkout calls) load only when someone checks out.
const ShippingDialog = lazy(() => import('../checkout/ShippingDialog'));

interface Props {
  open: boolean;
  onClose: () => void;
}

/** The unit price; an accepted offer shows as the price with the listed one struck through beside it. */
function LinePrice({ line }: { line: CartLine }) {
  if (line.priceSource !== 'offer') {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {formatNaira(line.price)}
      </Typography>
    );
  }
  return (
    <Box data-testid="offer-price">
      <Typography variant="body2" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        <Box component="span" sx={{ fontWeight: 700, color: 'success.dark' }}>
          {formatNaira(line.price)}
        </Box>
        {line.listPrice != null && (
          <Box component="s" sx={{ color: 'text.secondary' }} aria-label={`listed at ${formatNaira(line.listPrice)}`}>
            {formatNaira(line.listPrice)}
          </Box>
        )}
      </Typography>
      <Typography variant="caption" sx={{ color: 'success.dark' }}>
        Your offer, accepted by the seller
      </Typography>
    </Box>
  );
}

function Line({ line, onNavigate }: { line: CartLine; onNavigate: () => void }) {
  const { setQuantity, remove } = useCart();
  const atStock = line.stock != null && line.quantity >= line.stock;
  const unavailable = line.available === false;
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, p: 2, alignItems: 'flex-start' }}>
      <Avatar variant="rounded" src={line.image ?? undefined} alt="" sx={{ width: 56, height: 56, bgcolor: 'action.hover' }}>
        <ShoppingCartIcon sx={{ color: 'text.secondary' }} />
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/product/${line.id}`}
          onClick={onNavigate}
          underline="hover"
          color="inherit"
          sx={{ fontWeight: 600, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {line.title}
        </Link>
        <LinePrice line={line} />
        {unavailable && (
          <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
            No longer available
          </Typography>
        )}
        <Stack direction="row" sx={{ alignItems: 'center', mt: 0.5 }} role="group" aria-label={`Quantity of ${line.title}`}>
          <IconButton
            size="small"
            aria-label={`Decrease quantity of ${line.title}`}
            disabled={line.quantity <= 1}
            onClick={() => setQuantity(line.id, line.quantity - 1)}
          >
            <RemoveIcon fontSize="small" />
          </IconButton>
          <Typography aria-live="polite" sx={{ minWidth: 32, textAlign: 'center', fontWeight: 600 }}>
            {line.quantity}
          </Typography>
          <IconButton
            size="small"
            aria-label={`Increase quantity of ${line.title}`}
            disabled={atStock || unavailable}
            onClick={() => setQuantity(line.id, line.quantity + 1)}
          >
            <AddIcon fontSize="small" />
          </IconButton>
          {atStock && !unavailable && (
            <Typography variant="caption" sx={{ color: 'text.secondary', ml: 0.5 }}>
              All available
            </Typography>
          )}
        </Stack>
      </Box>
      <IconButton
        aria-label={`Remove ${line.title}`}
        onClick={() => {
          remove(line.id);
          toast.success('Item removed successfully'); // the product error texts: removed locally even if the server call fails
        }}
      >
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}

/** The cart drawer (the product screens): lines, steppers, removal, clear, the total, and checkout or sign-in. */
export default function CartDrawer({ open, onClose }: Props) {
  const session = useSession();
  const location = useLocation();
  const { lines, total, clear } = useCart();
  const [shippingOpen, setShippingOpen] = useState(false);
  const [shippingLoaded, setShippingLoaded] = useState(false);
  const hasUnavailable = lines.some((l) => l.available === false);
  const withOffer = lines.some((l) => l.priceSource === 'offer');

  const onClear = () => {
    void clear().then((ok) => (ok ? toast.success('Cart cleared successfully') : toast.info('Cart cleared')));
  };

  return (
    <>
      <Drawer
        anchor="right"
        open={open}
        onClose={onClose}
        slotProps={{ paper: { sx: { width: 400, maxWidth: '100vw', display: 'flex', flexDirection: 'column' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography variant="h3" component="h2">
            Your cart
          </Typography>
          <IconButton aria-label="Close cart" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        {lines.length === 0 ? (
          <Box sx={{ p: 3, flex: 1 }}>
            <Typography sx={{ color: 'text.secondary' }}>Your cart is empty.</Typography>
          </Box>
        ) : (
          <Stack
            component="ul"
            aria-label="Cart items"
            divider={<Divider component="li" aria-hidden />}
            sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto', flex: 1 }}
          >
            {lines.map((l) => (
              <Line key={l.id} line={l} onNavigate={onClose} />
            ))}
          </Stack>
        )}
        <Divider />
        <Box sx={{ p: 2 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>Total</Typography>
            <Typography sx={{ fontWeight: 700 }}>{formatNaira(total)}</Typography>
          </Stack>
          {!session ? (
            <Button
              fullWidth
              variant="contained"
              component={RouterLink}
              to="/auth"
              state={{ from: location }}
              onClick={() => {
                rememberReturnTo(pathOf(location));
                onClose();
              }}
            >
              Login to checkout
            </Button>
          ) : (
            <>
              {hasUnavailable && (
                <Typography variant="body2" sx={{ color: 'error.main', mb: 1 }}>
                  Remove the items that are no longer available to check out.
                </Typography>
              )}
              <Button
                fullWidth
                variant="contained"
                disabled={lines.length === 0 || hasUnavailable}
                onClick={() => {
                  setShippingLoaded(true);
                  setShippingOpen(true);
                }}
              >
                Checkout
              </Button>
            </>
          )}
          {lines.length > 0 && (
            <Button fullWidth color="inherit" sx={{ mt: 1 }} onClick={onClear}>
              Clear cart
            </Button>
          )}
        </Box>
      </Drawer>
      <Suspense fallback={null}>
        {shippingLoaded && (
          <ShippingDialog open={shippingOpen} total={total} withOffer={withOffer} onClose={() => setShippingOpen(false)} />
        )}
      </Suspense>
    </>
  );
}
