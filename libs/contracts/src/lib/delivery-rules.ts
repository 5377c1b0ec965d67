import { DELIVERY_ZONES, type DeliveryZone, type DeliveryZoneTerms, type ListingDelivery } from './delivery';
import type { FieldError } from './errors';

/**
 * A listing's delivery options as sent (docs/delivery.md: Delivery), checked by one rule on the server and in
 * the product form: fees are whole naira up to ₦1,000,000, days whole numbers up to 60 (the columns' own check), a
 * zone without terms is not served, at least one way is offered, and pay on delivery rides on seller delivery.
 */
export const MAX_DELIVERY_FEE_NAIRA = 1_000_000;
export const MAX_DELIVERY_DAYS = 60;

export const DELIVERY_NO_WAY = 'Choose at least one way to deliver: pickup or seller delivery to at least one zone';
export const DELIVERY_POD_NEEDS_ZONE = 'Pay on delivery needs seller delivery to at least one zone';
export const DELIVERY_FEE_MESSAGE = `Enter the fee in whole naira, from 0 to ${MAX_DELIVERY_FEE_NAIRA.toLocaleString('en-NG')}`;
export const DELIVERY_DAYS_MESSAGE = `Enter the days as a whole number from 0 to ${MAX_DELIVERY_DAYS}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const wholeIn = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;

/** Reads sent delivery options: the options, or the problems, each naming its field (`delivery.sellerDelivery.state.fee`). */
export function readListingDelivery(
  input: unknown,
  field = 'delivery',
): { delivery: ListingDelivery; errors: [] } | { delivery: null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (!isObject(input))
    return { delivery: null, errors: [{ field, message: 'Delivery must be an object with pickup, sellerDelivery and payOnDelivery' }] };
  const flag = (key: 'pickup' | 'payOnDelivery'): boolean => {
    const v = input[key];
    if (v === undefined || v === null) return false;
    if (typeof v !== 'boolean') errors.push({ field: `${field}.${key}`, message: `${key} must be true or false` });
    return v === true;
  };
  const pickup = flag('pickup');
  const payOnDelivery = flag('payOnDelivery');
  const sent = input['sellerDelivery'];
  const sellerDelivery = { lga: null, state: null, other: null } as Record<DeliveryZone, DeliveryZoneTerms | null>;
  if (sent !== undefined && sent !== null && !isObject(sent)) {
    errors.push({ field: `${field}.sellerDelivery`, message: 'sellerDelivery must be an object with lga, state and other' });
  } else if (sent) {
    for (const zone of DELIVERY_ZONES) {
      const z = sent[zone];
      const at = `${field}.sellerDelivery.${zone}`;
      if (z === undefined || z === null || z === false) continue;
      if (!isObject(z)) {
        errors.push({ field: at, message: `${zone} must be null (not served) or an object with fee and days` });
        continue;
      }
      if (!wholeIn(z['fee'], MAX_DELIVERY_FEE_NAIRA)) errors.push({ field: `${at}.fee`, message: DELIVERY_FEE_MESSAGE });
      if (!wholeIn(z['days'], MAX_DELIVERY_DAYS)) errors.push({ field: `${at}.days`, message: DELIVERY_DAYS_MESSAGE });
      if (wholeIn(z['fee'], MAX_DELIVERY_FEE_NAIRA) && wholeIn(z['days'], MAX_DELIVERY_DAYS))
        sellerDelivery[zone] = { fee: z['fee'], days: z['days'] };
    }
  }
  if (errors.length) return { delivery: null, errors };
  const delivers = DELIVERY_ZONES.some((z) => sellerDelivery[z] !== null);
  if (!pickup && !delivers) return { delivery: null, errors: [{ field, message: DELIVERY_NO_WAY }] };
  if (payOnDelivery && !delivers)
    return { delivery: null, errors: [{ field: `${field}.payOnDelivery`, message: DELIVERY_POD_NEEDS_ZONE }] };
  return { delivery: { pickup, sellerDelivery, payOnDelivery }, errors: [] };
}
