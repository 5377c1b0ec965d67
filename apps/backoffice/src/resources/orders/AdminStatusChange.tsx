import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { ORDER_STATUSES, type Order, type OrderStatus } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';
import { orderStatusLabel } from './orderStatus';

const REASON_MAX = 500;

/** PUT /api/admin/orders/:id reads these two fields; the answer is the whole updated order. */
type OrderUpdate = Order & { reason?: string };

/**
 * The admin's status change on the seller view: any status (docs/order-lifecycle.md: admin any → any, as the
 * server's allowedNext says), always with a reason, kept in the order history with who made it.
 * PUT /api/admin/orders/:id {status, reason}; the answer is the updated order, so the timeline
 * above refreshes from react-admin's cache.
 */
export function AdminStatusChange({ order }: { order: Order }) {
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<OrderUpdate>();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState('');
  const errorRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const allowed = new Set(order.allowedNext);
  const statusError = touched && !status ? 'Choose the new status' : '';
  const reasonError = touched && !reason.trim() ? 'A reason is required' : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setError('');
    if (!status || !reason.trim()) return;
    void update(
      'orders',
      { id: order.id, data: { status, reason: reason.trim() }, previousData: order },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`Order status updated to ${orderStatusLabel(status)}`, { type: 'success' });
          setStatus('');
          setReason('');
          setTouched(false);
        },
        onError: (e) => setError(errorMessage(e, 'Failed to update status')),
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1 }}>
        Change status
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        As an admin you may set any status. The reason is kept in the Order Timeline with your name.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} ref={errorRef} tabIndex={-1}>
          {error}
        </Alert>
      )}
      <Stack spacing={2}>
        <TextField
          select
          label="New status"
          value={status}
          onChange={(e) => setStatus(e.target.value as OrderStatus)}
          required
          error={Boolean(statusError)}
          helperText={statusError || `Current status: ${orderStatusLabel(order.status)}`}
          disabled={isPending}
          fullWidth
        >
          {ORDER_STATUSES.map((s) => (
            <MenuItem key={s} value={s} disabled={!allowed.has(s)}>
              {orderStatusLabel(s)}
              {s === order.status ? ' (current)' : ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          multiline
          minRows={2}
          error={Boolean(reasonError)}
          helperText={reasonError || 'Why the status is changed, e.g. "Buyer confirmed delivery by phone".'}
          disabled={isPending}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          fullWidth
        />
        <Box>
          <Button type="submit" variant="contained" disabled={isPending}>
            {isPending ? 'Updating...' : 'Update status'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
