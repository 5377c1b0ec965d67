import { useId, useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { Product } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';
import { useAdminApi } from '../../common/useAdminApi';
import { useRequiredTextSubmit } from '../../common/useRequiredTextSubmit';

const REASON_MAX = 500;

/**
 * Block a listing with a reason (POST /api/admin/products/:id/block {reason}); the seller sees the
 * reason and gets an email (docs/api-conventions.md: Back office). Unblock (POST …/unblock) puts it back on sale.
 */
export function BlockButton() {
  const product = useRecordContext<Product>();
  const api = useAdminApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const {
    text: reason,
    error,
    busy,
    setBusy,
    submit: block,
    reset,
    field,
  } = useRequiredTextSubmit({
    send: (text) => api('POST', `/admin/products/${product?.id}/block`, { reason: text }),
    success: 'Listing blocked. The seller has been told why.',
    failure: 'Failed to block product',
    onSent: () => setOpen(false),
  });

  if (!product) return null;
  const blocked = product.productStatus === 'blocked';

  const close = () => {
    if (busy) return;
    setOpen(false);
    reset();
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
      <Button size="small" startIcon={<LockOpenIcon />} onClick={() => void unblock()} disabled={busy}>
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
        <form onSubmit={(e) => void block(e)} noValidate>
          <DialogTitle id={titleId}>Block this listing?</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              “{product.productName}” will disappear from the storefront. The seller sees the reason on their Products tab and gets it by
              email.
            </DialogContentText>
            {error && (
              <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
                {error}
              </Alert>
            )}
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={3}
              label="Reason"
              name="reason"
              {...field('A reason is required', `${reason.length}/${REASON_MAX}`)}
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
