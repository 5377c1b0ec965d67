import { formatNaira, type CheckoutQuote, type DeliveryMethod, type QuoteOption, type SellerQuote } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { call } from '../../api/client';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
import { RetryAlert } from '../layout/RetryAlert';

export type DeliveryPick = DeliveryMethod;

/**
 * What the dialog sends and charges: one method per seller id, the grand total (kobo) Paystack will charge, and what
 * is paid in cash at the door (sellers chosen for pay on delivery).
 */
export interface DeliverySelection {
  delivery: Record<string, DeliveryPick>;
  totalKobo: number;
  cashKobo: number;
  /** Every seller has an option chosen (false while loading, or when some seller's goods reach no option). */
  ready: boolean;
}

interface Props {
  stateId: number;
  lgaId: number;
  onChange: (selection: DeliverySelection) => void;
  disabled?: boolean;
}

const naira = (kobo: number) => formatNaira(kobo / 100);
const dayText = (days: number | null) => (days === null ? '' : `, ${days} ${days === 1 ? 'day' : 'days'}`);

/** "Pickup in Ikeja, Lagos — free", "Seller delivery — ₦2,000.00, 2 days", "Pay on delivery (cash) — ₦2,000.00, 2 days". */
export function optionLabel(option: QuoteOption, seller: Pick<SellerQuote, 'pickupArea'>): string {
  if (option.method === 'pickup') return `Pickup in ${seller.pickupArea ?? 'the seller’s area'} — free`;
  const name = option.method === 'pay_on_delivery' ? 'Pay on delivery (cash)' : 'Seller delivery';
  return `${name} — ${naira(option.feeKobo)}${dayText(option.days)}`;
}

/** The cheapest option paid online (the server's default too: pay on delivery is only ever the buyer's choice). */
const cheapest = (options: QuoteOption[]) =>
  [...options].filter((o) => o.method !== 'pay_on_delivery').sort((a, b) => a.feeKobo - b.feeKobo)[0];

/**
 * The delivery quote for the address (`GET /api/checkout/quote`): per seller a choice among what reaches it, the goods
 * (at the accepted offer where there is one), the fee and the subtotal, then the total Paystack will charge.
 */
export default function DeliveryChoice({ stateId, lgaId, onChange, disabled }: Props) {
  const read = useApiQuery(
    queryKeys.checkoutQuote(stateId, lgaId),
    async () =>
      (
        await call<CheckoutQuote>(
          { method: 'GET', url: '/checkout/quote', params: { stateId, lgaId } },
          { silent: true, requiresAuth: true },
        )
      ).data.sellers,
  );
  const quote = read.data ?? null;
  const error = read.error !== null;
  const [picked, setPicked] = useState<Record<string, DeliveryPick>>({});
  // Each quote that arrives starts from the cheapest way for every seller.
  useEffect(() => {
    if (quote)
      setPicked(Object.fromEntries(quote.filter((s) => s.options.length).map((s) => [String(s.sellerId), cheapest(s.options).method])));
  }, [quote]);

  const feeOf = (s: SellerQuote) => s.options.find((o) => o.method === picked[String(s.sellerId)])?.feeKobo ?? 0;
  const inCash = (s: SellerQuote) => picked[String(s.sellerId)] === 'pay_on_delivery';
  const subtotal = (s: SellerQuote) => s.goodsKobo + feeOf(s);
  const totalKobo = (quote ?? []).filter((s) => !inCash(s)).reduce((n, s) => n + subtotal(s), 0);
  const cashKobo = (quote ?? []).filter(inCash).reduce((n, s) => n + subtotal(s), 0);
  const ready = Boolean(quote && quote.length && quote.every((s) => s.options.some((o) => o.method === picked[String(s.sellerId)])));

  useEffect(() => {
    onChange({ delivery: picked, totalKobo, cashKobo, ready });
    // onChange is the parent's setter; the selection is what matters.
  }, [picked, totalKobo, cashKobo, ready]);

  if (error) {
    return (
      <RetryAlert onRetry={read.reload} severity="warning">
        Could not load the delivery options for this address.
      </RetryAlert>
    );
  }
  if (!quote) return <Typography sx={{ color: 'text.secondary' }}>Loading delivery options…</Typography>;

  return (
    <Stack spacing={1.5} data-testid="delivery-choice" sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      {quote.map((s) => (
        <Stack key={s.sellerId} spacing={0.5} data-testid={`delivery-seller-${s.sellerId}`}>
          <Typography sx={{ fontWeight: 700 }}>{s.sellerName}</Typography>
          {s.options.length === 0 ? (
            <Alert severity="error">
              {s.sellerName}’s items cannot reach this address and have no pickup. Remove them from your cart or choose another address.
            </Alert>
          ) : (
            <RadioGroup
              name={`delivery-${s.sellerId}`}
              aria-label={`Delivery from ${s.sellerName}`}
              value={picked[String(s.sellerId)] ?? ''}
              onChange={(e) => setPicked((p) => ({ ...p, [String(s.sellerId)]: e.target.value as DeliveryPick }))}
            >
              {s.options.map((o) => (
                <FormControlLabel
                  key={o.method}
                  value={o.method}
                  control={<Radio size="small" />}
                  label={optionLabel(o, s)}
                  disabled={disabled}
                />
              ))}
            </RadioGroup>
          )}
          {s.payOnDeliveryRefusal && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Pay on delivery: {s.payOnDeliveryRefusal}
            </Typography>
          )}
          <Row label="Goods" value={naira(s.goodsKobo)} />
          <Row label="Delivery fee" value={feeOf(s) ? naira(feeOf(s)) : 'Free'} />
          <Row label={inCash(s) ? 'Subtotal, in cash on delivery' : 'Subtotal'} value={naira(subtotal(s))} strong />
        </Stack>
      ))}
      <Divider />
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>Total to pay now</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="grand-total">
          {naira(totalKobo)}
        </Typography>
      </Stack>
      {cashKobo > 0 && (
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>To pay in cash on delivery</Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="cash-total">
            {naira(cashKobo)}
          </Typography>
        </Stack>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {totalKobo > 0 && 'Delivery is paid online with your goods and held by Kasuwa until you confirm receipt. '}
        {cashKobo > 0 && 'Pay on delivery: check the goods first, then pay the seller’s rider in cash. Kasuwa does not hold cash payments.'}
      </Typography>
    </Stack>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="body2">{label}</Typography>
      <Typography variant="body2" sx={strong ? { fontWeight: 700 } : undefined}>
        {value}
      </Typography>
    </Stack>
  );
}
