import { formatNaira, MAX_ADDRESSES, normalisePhone, type Address, type CreateOrderRequest, type Lga } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { addressesApi } from '../../api/addresses';
import { ApiError } from '../../api/errors';
import { CHECKOUT_FAILED, checkoutApi } from '../../api/payments';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
import { toast } from '../../app/toast';
import { AddressFields } from '../addresses/AddressFields';
import { AddressSummary } from '../addresses/AddressSummary';
import {
  checkDraft,
  EMPTY_DRAFT,
  errorsFrom,
  inputOf,
  placeLine,
  streetLine,
  type AddressDraft,
  type DraftErrors,
} from '../addresses/addressForm';
import { getAccessToken } from '../auth/session';
import { flushCart, reloadCart } from '../cart/cartStore';
import { useLocations } from '../catalog/useLocations';
import { RetryAlert } from '../layout/RetryAlert';
import { deliveryDefaults, rememberDelivery } from './deliveryMemory';
import { startPayment } from './startPayment';
import DeliveryChoice, { type DeliverySelection } from './DeliveryChoice';
import { BusyDialog, BusyDialogActions } from '../layout/BusyDialog';

/** Where the order goes, as the delivery choice needs it: null until a state and its LGA are chosen. */
export type DeliveryPlace = { stateId: number; lgaId: number } | null;

interface Props {
  open: boolean;
  onClose: () => void;
  /** Goods total of the cart (naira), shown above the delivery fee: the server's unit prices, accepted offers included. */
  total: number;
  /** A line is at the seller's accepted offer: say so beside the total. */
  withOffer?: boolean;
  /**
   * Shown below the address for the place, re-rendered as it changes: by default the delivery choice (methods and fees
   * per seller, DeliveryChoice), whose choice goes with the order.
   */
  renderDelivery?: (place: DeliveryPlace) => ReactNode;
  /** Anything else to show below the address fields. */
  children?: ReactNode;
}

/** `POST /api/orders`: the product's three fields, and the address's state, LGA and landmark. */
export type PlaceOrderRequest = CreateOrderRequest & {
  stateId: number;
  lgaId: number;
  landmark: string | null;
  delivery?: DeliverySelection['delivery'];
};

export const ORDER_CREATED = 'Order created successfully. Redirecting to payment...';
export const CASH_ORDER_CREATED = 'Order placed. Pay the seller’s rider in cash when it arrives.';
/** Delivery is chosen per seller once the address's LGA is known (DeliveryChoice), and paid online with the goods. */
export const DELIVERY_FEE_TEXT = 'Choose the local government area to see the delivery options and fees.';
export const NEW_ADDRESS = 'new';

/**
 * Shipping dialog (the product screens and the product validation rules; docs/delivery.md: Places): a saved address (the default preselected) or a new one
 * (state, then its LGA, street, landmark, phone; saved to the account when asked), then POST /orders (one order per
 * seller, stock held for 30 minutes) and POST /payments/initialize, and the browser goes to the card payment page.
 */
export default function ShippingDialog({ open, onClose, total, withOffer = false, renderDelivery, children }: Props) {
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [choice, setChoice] = useState<number | typeof NEW_ADDRESS>(NEW_ADDRESS);
  const [saveNew, setSaveNew] = useState(true);
  const [lgas, setLgas] = useState<Lga[] | null>(null);
  const [busy, setBusy] = useState(false);
  /** A checkout already created whose payment could not be started: retry the payment only. */
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [heldTotal, setHeldTotal] = useState(0);
  /** Fields the buyer has gone into since the dialog opened: late defaults must not land in them. */
  const touched = useRef(new Set<keyof AddressDraft>());
  // The states come from the server's list (GET /api/locations), loaded as the dialog opens; each state's LGAs when picked.
  const places = useLocations(open);
  const signedIn = Boolean(getAccessToken());
  // One way to fetch (docs/storefront.md: Data): the account's addresses and what a new address starts from are read
  // afresh each time the dialog opens (stale at once: opening again fetches them, the last answer showing meanwhile).
  const addresses = useApiQuery(queryKeys.addresses(), async () => (await addressesApi.list()).data, {
    enabled: open && signedIn,
    staleTime: 0,
  });
  const defaults = useApiQuery(queryKeys.newAddressDefaults(), deliveryDefaults, { enabled: open, staleTime: 0 });
  /** The account's addresses: null while they load; none for no signed-in buyer, or when they could not be read. */
  const saved: Address[] | null = !signedIn ? [] : (addresses.data ?? (addresses.error ? [] : null));
  const chosen = choice === NEW_ADDRESS ? null : (saved?.find((a) => a.id === choice) ?? null);
  const place: DeliveryPlace = chosen
    ? { stateId: chosen.stateId, lgaId: chosen.lgaId }
    : draft.stateId && draft.lgaId
      ? { stateId: Number(draft.stateId), lgaId: Number(draft.lgaId) }
      : null;
  const locked = sessionId !== null;
  // The delivery chosen per seller for the place (DeliveryChoice); a custom renderDelivery chooses nothing here.
  const [selection, setSelection] = useState<DeliverySelection | null>(null);
  const delivering = !renderDelivery && !locked && place !== null;
  const complete =
    (chosen !== null || Boolean(draft.street.trim() && draft.phone.trim() && draft.stateId && draft.lgaId)) &&
    (!delivering || Boolean(selection?.ready));

  useEffect(() => {
    if (open) touched.current.clear();
  }, [open]);

  // The saved addresses, the default preselected (on each answer); without any, a new address starts from the last
  // delivery details. Each from this opening's answer, not one left in the cache from before. A layout effect: the
  // list never paints with "Use a new address" chosen (and its form open) for a frame before the default is picked.
  const list = addresses.query.isFetching ? undefined : addresses.data;
  useLayoutEffect(() => {
    if (list) setChoice((c) => (c === NEW_ADDRESS && list.length ? (list.find((a) => a.isDefault) ?? list[0]).id : c));
  }, [list, addresses.query.dataUpdatedAt]);

  const d = defaults.query.isFetching ? undefined : defaults.data;
  useEffect(() => {
    if (!d) return;
    // Only empty fields the buyer has not gone into: a number arriving in the field being typed in would end up
    // in front of the typed one ("0706…0806…", refused as no phone number). The state and LGA come as a pair.
    const fill = (f: AddressDraft, key: keyof AddressDraft) => f[key] || (touched.current.has(key) ? '' : (d[key] ?? ''));
    setDraft((f) => {
      const placeFree = !f.stateId && !touched.current.has('stateId') && !touched.current.has('lgaId');
      return {
        stateId: placeFree ? (d.stateId ?? '') : f.stateId,
        lgaId: placeFree ? (d.lgaId ?? '') : f.lgaId,
        street: fill(f, 'street'),
        landmark: fill(f, 'landmark'),
        phone: fill(f, 'phone'),
      };
    });
  }, [d, defaults.query.dataUpdatedAt]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || busy) return;
    let order: PlaceOrderRequest | null = null;
    let toSave: ReturnType<typeof inputOf> | null = null;
    if (!locked) {
      if (chosen) {
        order = {
          shippingAddress: streetLine(chosen.street, chosen.landmark),
          receiverPhoneNumber: chosen.phone,
          deliveryRegion: placeLine(chosen),
          stateId: chosen.stateId,
          lgaId: chosen.lgaId,
          landmark: chosen.landmark,
          delivery: selection?.delivery,
        };
      } else {
        const problems = checkDraft(draft);
        setErrors(problems);
        if (Object.keys(problems).length) return;
        const stateName = places.states?.find((s) => String(s.id) === draft.stateId)?.name;
        const lgaName = lgas?.find((l) => String(l.id) === draft.lgaId)?.name;
        if (!stateName || !lgaName) return; // the lists are still loading: the selects show it
        const input = inputOf(draft);
        order = {
          shippingAddress: streetLine(input.street, input.landmark),
          receiverPhoneNumber: input.phone,
          deliveryRegion: placeLine({ lgaName, stateName }),
          stateId: input.stateId,
          lgaId: input.lgaId,
          landmark: input.landmark ?? null,
          delivery: selection?.delivery,
        };
        if (signedIn && saveNew && (saved?.length ?? 0) < MAX_ADDRESSES) toSave = input;
      }
    }
    setBusy(true);
    let placedForCash: number[] | null = null;
    let sessionCreated = 0;
    try {
      let checkoutSessionId = sessionId;
      if (checkoutSessionId === null && order) {
        await flushCart(); // the server builds the orders from its cart: let pending changes land first
        const created = await checkoutApi.createOrder(order);
        if (!chosen) rememberDelivery({ ...draft, phone: normalisePhone(draft.phone.trim()) });
        checkoutSessionId = created.data.checkoutSessionId;
        const cashOnly = created.data.orders.every((o) => o.payOnDelivery);
        if (cashOnly) {
          placedForCash = created.data.orders.map((o) => o.id);
          sessionCreated = checkoutSessionId;
        } else {
          setSessionId(checkoutSessionId);
          setHeldTotal(Number(created.data.totalAmount) || total);
          toast.success(ORDER_CREATED);
        }
        void reloadCart(); // checkout emptied the server cart
        // Saved once the order is placed; a refusal (the limit) does not stop the payment.
        if (toSave)
          await addressesApi
            .create(toSave)
            .catch((err: unknown) =>
              toast.error(`The address was not saved: ${err instanceof Error ? err.message : 'try again on your profile'}`),
            );
      }
      if (placedForCash) {
        // Every order is paid at the door: nothing to pay online, so the buyer goes to what was ordered.
        toast.success(CASH_ORDER_CREATED);
        // A page load, like the way back from Paystack: the dialog may be opened outside the router (and the cart closes with it).
        window.location.assign(
          placedForCash.length === 1 ? `/orders/${placedForCash[0]}/buyer` : `/profile?checkout=${sessionCreated}#orders`,
        );
        return;
      }
      if (checkoutSessionId !== null && (await startPayment(checkoutSessionId))) return; // the browser is leaving for the payment page
    } catch (err) {
      // API failures were already toasted by the central handler (the server's reason, or the call's fallback).
      if (!(err instanceof ApiError)) toast.error(CHECKOUT_FAILED);
      else if (err.status === 409)
        void reloadCart(); // a sold-out line: show the cart as it is now
      else if (err.status === 422) setErrors(errorsOfOrder(err));
    }
    setBusy(false);
  };

  const hasSaved = Boolean(saved?.length);
  return (
    <BusyDialog open={open} busy={busy} onClose={onClose} maxWidth="sm" aria-labelledby="shipping-title" phoneWide>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <DialogTitle id="shipping-title">Delivery details</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {locked && <Alert severity="warning">Your order is saved and its items are held for 30 minutes. Try the payment again.</Alert>}
            {signedIn && saved === null && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Loading your addresses…
              </Typography>
            )}
            {hasSaved && (
              <RadioGroup
                aria-label="Deliver to"
                name="savedAddress"
                value={String(choice)}
                onChange={(e) => setChoice(e.target.value === NEW_ADDRESS ? NEW_ADDRESS : Number(e.target.value))}
                sx={{ gap: 1 }}
              >
                {(saved ?? []).map((a) => (
                  <FormControlLabel
                    key={a.id}
                    value={String(a.id)}
                    disabled={locked}
                    control={<Radio sx={{ alignSelf: 'flex-start' }} />}
                    label={<AddressSummary address={a} />}
                    sx={{
                      m: 0,
                      p: 1,
                      pr: 2,
                      border: 1,
                      borderRadius: 1,
                      borderColor: choice === a.id ? 'primary.main' : 'divider',
                      alignItems: 'flex-start',
                    }}
                  />
                ))}
                <FormControlLabel
                  value={NEW_ADDRESS}
                  disabled={locked}
                  control={<Radio />}
                  label="Use a new address"
                  sx={{ m: 0, p: 1, border: 1, borderRadius: 1, borderColor: choice === NEW_ADDRESS ? 'primary.main' : 'divider' }}
                />
              </RadioGroup>
            )}
            {saved !== null && choice === NEW_ADDRESS && (
              <>
                <AddressFields
                  idPrefix="delivery"
                  value={draft}
                  states={places.states}
                  errors={errors}
                  disabled={locked}
                  phoneLabel="Receiver number (WhatsApp)"
                  onLgas={setLgas}
                  onFocusField={(k) => void touched.current.add(k)}
                  onChange={(next, k) => {
                    touched.current.add(k);
                    setDraft(next);
                    setErrors((er) => ({ ...er, [k]: undefined, ...(k === 'stateId' ? { lgaId: undefined } : {}) }));
                  }}
                />
                {signedIn && (saved?.length ?? 0) < MAX_ADDRESSES && (
                  <FormControlLabel
                    control={<Checkbox checked={saveNew} onChange={(e) => setSaveNew(e.target.checked)} disabled={locked} />}
                    label="Save this address"
                  />
                )}
              </>
            )}
            {places.error && (
              <RetryAlert onRetry={places.retry} severity="warning">
                Could not load the list of states.
              </RetryAlert>
            )}
            {renderDelivery
              ? renderDelivery(place)
              : delivering && <DeliveryChoice stateId={place.stateId} lgaId={place.lgaId} onChange={setSelection} />}
            {children}
            <Stack spacing={0.5} sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', display: delivering ? 'none' : undefined }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography>{locked ? 'Total to pay' : 'Items total'}</Typography>
                <Typography sx={{ fontWeight: 700 }} data-testid="items-total">
                  {formatNaira(locked ? heldTotal : total)}
                </Typography>
              </Stack>
              {withOffer && (
                <Typography variant="body2" sx={{ color: 'success.dark' }}>
                  Includes the price the seller accepted from your offer.
                </Typography>
              )}
              {!locked && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {DELIVERY_FEE_TEXT}
                </Typography>
              )}
            </Stack>
          </Stack>
        </DialogContent>
        <BusyDialogActions busy={busy} onClose={onClose} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={!complete || busy} loading={busy}>
            {locked
              ? 'Retry payment'
              : delivering && selection?.ready && selection.totalKobo === 0 && selection.cashKobo > 0
                ? 'Place order'
                : 'Proceed to payment'}
          </Button>
        </BusyDialogActions>
      </form>
    </BusyDialog>
  );
}

/** The order's 422 on the address's own fields (the product's names map onto the form's). */
function errorsOfOrder(err: ApiError): DraftErrors {
  const renamed = err.fieldErrors.map((f) => ({
    ...f,
    field: ({ shippingAddress: 'street', receiverPhoneNumber: 'phone' } as Record<string, string>)[f.field] ?? f.field,
  }));
  return errorsFrom(renamed);
}
