import { formatNaira, formatPlain } from '@kasuwa/contracts';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import RemoveIcon from '@mui/icons-material/Remove';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { toast } from '../../app/toast';
import { rememberReturnTo } from '../auth/returnTo';
import { useSession } from '../auth/useSession';
import { useCart } from './useCart';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** The cart drawer. Checkout (shipping dialog and Paystack) arrives with the checkout feature. */
export default function CartDrawer({ open, onClose }: Props) {
  const session = useSession();
  const { lines, total, setQuantity, remove, clear } = useCart();

  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 380, maxWidth: '100vw' } } }}>
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
        <Typography sx={{ p: 3, color: 'text.secondary' }}>Your cart is empty.</Typography>
      ) : (
        <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto', flex: 1 }}>
          {lines.map((l) => (
            <Box component="li" key={l.id} sx={{ display: 'flex', gap: 1.5, p: 2, alignItems: 'center' }}>
              <Avatar variant="rounded" src={l.image ?? undefined} alt="" sx={{ width: 56, height: 56 }} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography noWrap sx={{ fontWeight: 600 }}>
                  {l.title}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {formatNaira(l.price)}
                </Typography>
                <Stack direction="row" sx={{ alignItems: 'center', mt: 0.5 }}>
                  <IconButton size="small" aria-label={`Decrease quantity of ${l.title}`} onClick={() => setQuantity(l.id, l.quantity - 1)}>
                    <RemoveIcon fontSize="small" />
                  </IconButton>
                  <Typography aria-label={`Quantity ${l.quantity}`} sx={{ minWidth: 28, textAlign: 'center' }}>
                    {l.quantity}
                  </Typography>
                  <IconButton size="small" aria-label={`Increase quantity of ${l.title}`} onClick={() => setQuantity(l.id, l.quantity + 1)}>
                    <AddIcon fontSize="small" />
                  </IconButton>
                </Stack>
              </Box>
              <IconButton
                aria-label={`Remove ${l.title}`}
                onClick={() => {
                  remove(l.id);
                  toast.success('Item removed successfully');
                }}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      <Divider />
      <Box sx={{ p: 2 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 2 }}>
          <Typography sx={{ fontWeight: 700 }}>Total</Typography>
          <Typography sx={{ fontWeight: 700 }}>₦{formatPlain(total)}</Typography>
        </Stack>
        {!session ? (
          <Button
            fullWidth
            variant="contained"
            component={RouterLink}
            to="/auth"
            onClick={() => {
              rememberReturnTo('/');
              onClose();
            }}
          >
            Login to checkout
          </Button>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Online checkout opens soon. Your cart is saved on this device.
          </Typography>
        )}
        {lines.length > 0 && (
          <Button
            fullWidth
            color="inherit"
            sx={{ mt: 1 }}
            onClick={() => {
              clear();
              toast.success('Cart cleared successfully');
            }}
          >
            Clear cart
          </Button>
        )}
      </Box>
    </Drawer>
  );
}
