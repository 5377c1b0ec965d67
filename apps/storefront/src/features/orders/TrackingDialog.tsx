import {
  CARRIER_LABELS,
  CARRIER_NAME_MAX,
  CARRIERS,
  TRACKING_NUMBER,
  TRACKING_NUMBER_MESSAGE,
  type Carrier,
  type Order,
  type OrderTrackingRequest,
} from '@kasuwa/contracts';
import { SelectField } from '@kasuwa/ui/SelectField';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { ordersApi } from '../../api/orders';
import { toast } from '../../app/toast';
import { statusLabel } from './orderFormat';
import { BusyDialog } from '../layout/BusyDialog';

interface Draft {
  carrier: Carrier | '';
  trackingNumber: string;
  carrierName: string;
}
type Errors = Partial<Record<keyof Draft, string>>;

/** The request a draft makes, or the field errors that stop it (the API's own rules, said before the call). */
export function trackingRequest(d: Draft): { request: OrderTrackingRequest | null; errors: Errors } {
  const trackingNumber = d.trackingNumber.trim();
  const carrierName = d.carrierName.trim();
  const errors: Errors = {};
  if (trackingNumber && !TRACKING_NUMBER.test(trackingNumber)) errors.trackingNumber = TRACKING_NUMBER_MESSAGE;
  if (trackingNumber && !d.carrier) errors.carrier = 'Choose the carrier of this tracking number';
  if (d.carrier === 'other' && carrierName.length > CARRIER_NAME_MAX)
    errors.carrierName = `Keep the carrier’s name to ${CARRIER_NAME_MAX} characters`;
  if (Object.keys(errors).length || !d.carrier) return { request: null, errors };
  return {
    request: {
      carrier: d.carrier,
      trackingNumber: trackingNumber || null,
      carrierName: d.carrier === 'other' ? carrierName || null : null,
    },
    errors,
  };
}

const draftOf = (order: Order): Draft => ({
  carrier: order.carrier ?? '',
  trackingNumber: order.trackingNumber ?? '',
  carrierName: order.carrierName ?? '',
});

/**
 * Tracking on shipped orders, the seller's side: marking an order shipped (`mode="ship"`, carrier and number optional)
 * or correcting them later (`mode="correct"`, carrier required). One small form: the carrier, its tracking number,
 * and for "Other" the carrier's name.
 */
export function TrackingDialog({
  order,
  mode,
  open,
  onClose,
  onSaved,
}: {
  order: Order;
  mode: 'ship' | 'correct';
  open: boolean;
  onClose: () => void;
  onSaved: (next: Order) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(order));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setDraft(draftOf(order));
      setErrors({});
    }
  }, [open, order]);
  const titleId = `tracking-${mode}-${order.id}-title`;
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: e.target.value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };
  /** A typed field of the draft: its error, when it has one, stands in place of the hint. */
  const textField = (
    name: 'carrierName' | 'trackingNumber',
    label: string,
    hint: string,
    htmlInput: Record<string, unknown>,
    autoComplete?: string,
  ) => (
    <TextField
      label={label}
      name={name}
      value={draft[name]}
      onChange={set(name)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? hint}
      autoComplete={autoComplete}
      slotProps={{ htmlInput }}
      fullWidth
    />
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { request, errors: found } = trackingRequest(draft);
    if (mode === 'correct' && !draft.carrier) found.carrier = 'Choose the carrier';
    if (Object.keys(found).length) return setErrors(found);
    setBusy(true);
    try {
      const res =
        mode === 'ship'
          ? await ordersApi.updateStatus(order.id, 'shipped', request ?? undefined)
          : await ordersApi.tracking(order.id, request!);
      onSaved(res.data);
      toast.success(mode === 'ship' ? 'Order marked as Shipped' : 'Tracking updated');
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : [];
      if (fields.length) setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
      else toast.error(err instanceof ApiError && err.message ? err.message : 'Something went wrong. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <BusyDialog open={open} busy={busy} onClose={onClose} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>{mode === 'ship' ? 'Mark this order as Shipped?' : 'Carrier and tracking number'}</DialogTitle>
      <Box component="form" noValidate onSubmit={(e: FormEvent) => void submit(e)}>
        <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
          <DialogContentText sx={{ mb: 2 }}>
            {mode === 'ship'
              ? 'The buyer will be told the order has left you. Say who carries it and its tracking number, so they can follow it (optional).'
              : 'Correct who carries the order or its tracking number. The buyer sees the change on their order page.'}
          </DialogContentText>
          <Stack spacing={2}>
            <SelectField
              label="Carrier"
              name="carrier"
              value={draft.carrier}
              onChange={set('carrier')}
              error={Boolean(errors.carrier)}
              helperText={errors.carrier}
              options={CARRIERS.map((c) => ({ value: c, label: CARRIER_LABELS[c] }))}
              fullWidth
            >
              <option value="" disabled={mode === 'correct'}>
                {mode === 'ship' ? 'Not saying' : 'Choose the carrier'}
              </option>
            </SelectField>
            {draft.carrier === 'other' &&
              textField('carrierName', 'Carrier’s name', 'Optional, e.g. Peace Mass Transit', { maxLength: CARRIER_NAME_MAX })}
            {textField(
              'trackingNumber',
              'Tracking number',
              'Optional: letters, digits, dashes or spaces',
              { maxLength: 60, autoCapitalize: 'characters', spellCheck: false },
              'off',
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button color="inherit" onClick={onClose} disabled={busy}>
            {mode === 'ship' ? `Keep as ${statusLabel(order.status)}` : 'Cancel'}
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={busy}>
            {mode === 'ship' ? 'Mark as Shipped' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </BusyDialog>
  );
}
