import type { DeliveryZone, QuoteOption } from '@kasuwa/contracts';

/** The delivery terms of one cart or order line, as the product row holds them (bigint columns arrive as strings). */
export interface DeliveryLine {
  state_id: number | null;
  lga_id: number | null;
  pickup: boolean;
  delivery_lga_kobo: string | null;
  delivery_state_kobo: string | null;
  delivery_other_kobo: string | null;
  delivery_lga_days: number | null;
  delivery_state_days: number | null;
  delivery_other_days: number | null;
  /** The seller lets buyers pay this listing in cash at the door (rides on seller delivery). */
  pay_on_delivery: boolean;
}

/** The product columns DeliveryLine reads, for a SELECT or an UPDATE … RETURNING on `product` aliased `p`. */
export const DELIVERY_COLUMNS = (p: string) =>
  [
    'state_id',
    'lga_id',
    'pickup',
    'pay_on_delivery',
    'delivery_lga_kobo',
    'delivery_state_kobo',
    'delivery_other_kobo',
    'delivery_lga_days',
    'delivery_state_days',
    'delivery_other_days',
  ]
    .map((c) => `${p}.${c}`)
    .join(', ');

const ZONE_ORDER: DeliveryZone[] = ['lga', 'state', 'other'];

/**
 * How far the buyer's address is from a listing (docs/delivery.md: Delivery): its LGA, else its state (also when
 * the listing's LGA is unknown), else another state.
 */
export function zoneOf(line: Pick<DeliveryLine, 'state_id' | 'lga_id'>, place: { stateId: number; lgaId: number }): DeliveryZone {
  if (line.lga_id !== null && line.lga_id === place.lgaId) return 'lga';
  return line.state_id === place.stateId ? 'state' : 'other';
}

const termsFor = (line: DeliveryLine, zone: DeliveryZone) => {
  const fee = line[`delivery_${zone}_kobo`];
  return fee === null ? null : { feeKobo: Number(fee), days: line[`delivery_${zone}_days`] ?? 0 };
};

/**
 * What reaches the address for one seller's lines: pickup when every line offers it (free, the buyer collects);
 * seller delivery when every line serves its own zone. One seller makes one trip for all its lines, so the seller's fee
 * is the highest of its lines' fees (not their sum) and its days the highest; the zone named is the farthest.
 * `firstUnserved` names a line that reaches the address in no way, for the checkout's 409.
 */
export function sellerOptions<L extends DeliveryLine>(
  lines: L[],
  place: { stateId: number; lgaId: number },
): { options: QuoteOption[]; firstUnserved: L | null } {
  const options: QuoteOption[] = [];
  if (lines.every((l) => l.pickup)) options.push({ method: 'pickup', zone: null, feeKobo: 0, days: null });
  let fee = 0;
  let days = 0;
  let zone: DeliveryZone = 'lga';
  let served = true;
  for (const l of lines) {
    const z = zoneOf(l, place);
    const t = termsFor(l, z);
    if (!t) {
      served = false;
      break;
    }
    fee = Math.max(fee, t.feeKobo);
    days = Math.max(days, t.days);
    if (ZONE_ORDER.indexOf(z) > ZONE_ORDER.indexOf(zone)) zone = z;
  }
  if (served && lines.length) options.push({ method: 'seller_delivery', zone, feeKobo: fee, days });
  const unserved = (l: L) => !termsFor(l, zoneOf(l, place));
  const firstUnserved = options.length ? null : (lines.find((l) => !l.pickup && unserved(l)) ?? lines.find(unserved) ?? lines[0] ?? null);
  return { options, firstUnserved };
}

/** The option a checkout takes when the buyer chose none: the cheapest (pickup on a tie: it is free of waiting too). */
export const cheapest = (options: QuoteOption[]): QuoteOption | undefined => [...options].sort((a, b) => a.feeKobo - b.feeKobo)[0];
