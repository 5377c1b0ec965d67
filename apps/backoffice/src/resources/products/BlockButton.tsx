import { useId, useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { Product } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';
import { useAdminApi } from '../../common/useAdminApi';

const REASON_MAX = 500;

/**
 * Block a listing with a reason (POST /api/admin/products/:id/block {reason}); the seller sees the
 * reason and gets an email (DECISIONS: Back office). Unblock (POST …/unblock) puts it back on sale.
 */
export function BlockButton() {
  const product = useRecordContext<Product>();
  const api = useAdminApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  if (!product) return null;
  const blocked = product.productStatus === 'blocked';
  const reasonMissing = reason.trim() === '';

  const close = () => {
    if (busy) return;
    setOpen(false);
    setReason('');
    setTouched(false);
    setError('');
  };

  const block = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (reasonMissing) return;
    setBusy(true);
    setError('');
    try {
      await api('POST', `/admin/products/${product.id}/block`, { reason: reason.trim() });
      setOpen(false);
      setReason('');
      setTouched(false);
      notify('Listing blocked. The seller has been told why.', { type: 'success' });
      refresh();
    } catch (e) {
      setError(errorMessage(e, 'Failed to block product'));
    } finally {
      setBusy(false);
    }
  };

  const unblock = async () => {
    setBusy(true);
    try {
      await api('POST', `/admin/products/${product.id}/unblock`);
      notify('Listing unblocked', { type: 'success' });
      refresh();
    } catch (e) {
      notify(errorMessage(e, 'Failed to unblock product'), { type: 'error', multiLine: true });
    } finally {
      setBusy(false);
    }
  };

  if (blocked) {
    return (
      <Button size="small" startIcon={<LockOpenIcon />} onClick={unblock} disabled={busy}>
        Unblock
      </Button>
    );
  }

  return (
    <>
      <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setOpen(true)}>
        Block
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <form onSubmit={block} noValidate>
          <DialogTitle id={titleId}>Block this listing?</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              “{product.productName}” will disappear from the storefront. The seller sees the reason on their
              Products tab and gets it by email.
            </DialogContentText>
            {error && (
              <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
                {error}
              </Alert>
            )}
            <TextField
              autoFocus
              required
              fullWidth
              multiline
              minRows={3}
              label="Reason"
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && reasonMissing}
              helperText={touched && reasonMissing ? 'A reason is required' : `${reason.length}/${REASON_MAX}`}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={busy} startIcon={<BlockIcon />}>
              Block listing
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
