import { formatNaira, NIGERIAN_PHONE, normalisePhone } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { CHECKOUT_FAILED, checkoutApi } from '../../api/payments';
import { toast } from '../../app/toast';
import { flushCart, reloadCart } from '../cart/cartStore';
import { deliveryDefaults, rememberDelivery } from './deliveryMemory';
import { citiesOf, useLocations } from '../catalog/useLocations';
import { startPayment } from './startPayment';
import { RetryAlert } from '../layout/RetryAlert';
import { SelectField } from '@kasuwa/ui/SelectField';
import DeliveryChoice, { type DeliverySelection } from './DeliveryChoice';
import LgaSelect from './LgaSelect';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Goods total of the cart (naira), shown above the delivery fee: the server's unit prices, accepted offers included. */
  total: number;
  /** A line is at the seller's accepted offer: say so beside the total. */
  withOffer?: boolean;
}

export const ORDER_CREATED = 'Order created successfully. Redirecting to payment...';
/** Delivery is chosen per seller once the address's LGA is known (DeliveryChoice), and paid online with the goods. */
export const DELIVERY_FEE_TEXT = 'Choose the local government area to see the delivery options and fees.';
const PHONE_HINT = 'A Nigerian mobile number, e.g. 0803 123 4567';

/**
 * Shipping dialog (spec §2, §5): delivery details, then POST /orders (one order per seller, stock held
 * for 30 minutes) and POST /payments/initialize, and the browser goes to the card payment page.
 */
export default function ShippingDialog({ open, onClose, total, withOffer = false }: Props) {
  const [form, setForm] = useState({ address: '', phone: '', state: '', city: '' });
  const [phoneError, setPhoneError] = useState(false);
  const [busy, setBusy] = useState(false);
  /** A checkout already created whose payment could not be started: retry the payment only. */
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [heldTotal, setHeldTotal] = useState(0);
  /** Fields the buyer has gone into since the dialog opened: late defaults must not land in them. */
  const touched = useRef(new Set<keyof typeof form>());
  const touch = (key: keyof typeof form) => () => void touched.current.add(key);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    touched.current.add(key);
    setForm((f) => ({ ...f, [key]: e.target.value }));
  };
  // The states and their cities and areas come from the server's list (GET /api/locations), loaded as the dialog opens.
  const places = useLocations(open);
  const stateId = String(places.states?.find((s) => s.name === form.state)?.id ?? '');
  // The structured address's LGA and the delivery chosen per seller for it (DeliveryChoice).
  const [lgaId, setLgaId] = useState(0);
  const [selection, setSelection] = useState<DeliverySelection | null>(null);
  useEffect(() => setLgaId(0), [stateId]);
  const complete = Boolean(form.address.trim() && form.phone.trim() && form.state.trim() && form.city.trim() && lgaId && selection?.ready);

  // Typing an address on a phone is slow: start from the last delivery details (or the profile phone).
  useEffect(() => {
    if (!open) return;
    let alive = true;
    touched.current.clear();
    void deliveryDefaults().then((d) => {
      if (!alive) return;
      // Only empty fields the buyer has not gone into: a number arriving in the field being typed in would end up
      // in front of the typed one ("0706…0806…", refused as no phone number).
      const fill = (f: typeof form, key: keyof typeof form) => f[key] || (touched.current.has(key) ? '' : (d[key] ?? ''));
      setForm((f) => ({ address: fill(f, 'address'), phone: fill(f, 'phone'), state: fill(f, 'state'), city: fill(f, 'city') }));
    });
    return () => {
      alive = false;
    };
  }, [open]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || busy) return;
    const phone = normalisePhone(form.phone.trim());
    if (!sessionId && !NIGERIAN_PHONE.test(phone)) {
      setPhoneError(true);
      return;
    }
    setPhoneError(false);
    setBusy(true);
    try {
      let checkoutSessionId = sessionId;
      if (checkoutSessionId === null) {
        await flushCart(); // the server builds the orders from its cart: let pending changes land first
        const created = await checkoutApi.createOrder({
          shippingAddress: form.address.trim(),
          receiverPhoneNumber: phone,
          deliveryRegion: `${form.city.trim()}, ${form.state}`,
          stateId: Number(stateId),
          lgaId,
          delivery: selection?.delivery,
        });
        rememberDelivery({ address: form.address.trim(), phone, state: form.state, city: form.city.trim() });
        checkoutSessionId = created.data.checkoutSessionId;
        setSessionId(checkoutSessionId);
        setHeldTotal(Number(created.data.totalAmount) || total);
        toast.success(ORDER_CREATED);
        void reloadCart(); // checkout emptied the server cart
      }
      if (await startPayment(checkoutSessionId)) return; // the browser is leaving for the payment page
    } catch (err) {
      // API failures were already toasted by the central handler (the server's reason, or the call's fallback).
      if (!(err instanceof ApiError)) toast.error(CHECKOUT_FAILED);
      else if (err.status === 409) void reloadCart(); // a sold-out line: show the cart as it is now
    }
    setBusy(false);
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="shipping-title"
      slotProps={{ paper: { sx: { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } } }}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="shipping-title">Delivery details</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {sessionId !== null && (
              <Alert severity="warning">Your order is saved and its items are held for 30 minutes. Try the payment again.</Alert>
            )}
            <TextField
              label="Shipping address"
              name="shippingAddress"
              autoComplete="street-address"
              required
              multiline
              minRows={2}
              value={form.address}
              onChange={set('address')}
              onFocus={touch('address')}
              disabled={sessionId !== null}
            />
            <TextField
              label="Receiver number (WhatsApp)"
              name="receiverPhoneNumber"
              type="tel"
              autoComplete="tel"
              required
              value={form.phone}
              onChange={(e) => {
                set('phone')(e);
                setPhoneError(false);
              }}
              onFocus={touch('phone')}
              error={phoneError}
              helperText={phoneError ? `Enter a valid number. ${PHONE_HINT}` : PHONE_HINT}
              disabled={sessionId !== null}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <SelectField
                label="Delivery state"
                name="deliveryState"
                required
                value={form.state}
                onChange={set('state')}
                onFocus={touch('state')}
                disabled={sessionId !== null}
                options={(places.states ?? []).map((s) => ({ value: s.name, label: s.name }))}
              >
                <option value="">{places.states || places.error ? 'Select state' : 'Loading states…'}</option>
                {/* A remembered state shows while the list loads. */}
                {!places.states && form.state && <option value={form.state}>{form.state}</option>}
              </SelectField>
              <TextField
                label="City or town"
                name="deliveryCity"
                autoComplete="address-level2"
                required
                value={form.city}
                onChange={set('city')}
                onFocus={touch('city')}
                disabled={sessionId !== null}
                // The state's cities and areas as suggestions; a town not on the list can still be typed.
                slotProps={{ htmlInput: { list: 'delivery-cities' } }}
              />
              <datalist id="delivery-cities">
                {citiesOf(places.states, stateId).map((c) => (
                  <option key={c.id} value={c.name} />
                ))}
              </datalist>
            </Stack>
            <LgaSelect stateId={Number(stateId)} value={lgaId} onChange={setLgaId} disabled={sessionId !== null} />
            {places.error && (
              <RetryAlert onRetry={places.retry} severity="warning">
                Could not load the list of states.
              </RetryAlert>
            )}
            {sessionId === null && Number(stateId) > 0 && lgaId > 0 && <DeliveryChoice stateId={Number(stateId)} lgaId={lgaId} onChange={setSelection} />}
            <Stack spacing={0.5} sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', display: sessionId === null && lgaId > 0 ? 'none' : undefined }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography>{sessionId !== null ? 'Total to pay' : 'Items total'}</Typography>
                <Typography sx={{ fontWeight: 700 }} data-testid="items-total">
                  {formatNaira(sessionId !== null ? heldTotal : total)}
                </Typography>
              </Stack>
              {withOffer && (
                <Typography variant="body2" sx={{ color: 'success.dark' }}>
                  Includes the price the seller accepted from your offer.
                </Typography>
              )}
              {sessionId === null && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {DELIVERY_FEE_TEXT}
                </Typography>
              )}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!complete || busy} loading={busy}>
            {sessionId !== null ? 'Retry payment' : 'Proceed to payment'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
