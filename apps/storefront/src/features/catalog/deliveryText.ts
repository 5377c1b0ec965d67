import { DELIVERY_ZONES, formatNaira, type DeliveryZone, type Product } from '@kasuwa/contracts';

const days = (n: number) => (n === 0 ? 'same day' : n === 1 ? '1 day' : `${n} days`);

/**
 * How a listing reaches buyers, one short line per way (docs/delivery.md: Delivery): "Pickup in Ikeja, Lagos
 * (free)", "Delivery: ₦1,500 to Ikeja, 1 day" (its LGA), "… to same state …", "… to other states …", and "Pay on
 * delivery available" when the seller opted in (checkout says, per buyer, whether it is allowed: cap, verified phone).
 */
export function deliveryLines(p: Pick<Product, 'delivery' | 'lgaName' | 'productLocation'>): string[] {
  const d = p.delivery;
  if (!d) return [];
  const where: Record<DeliveryZone, string> = { lga: p.lgaName ?? 'same LGA', state: 'same state', other: 'other states' };
  const lines: string[] = [];
  if (d.pickup) lines.push(`Pickup in ${p.productLocation} (free)`);
  for (const zone of DELIVERY_ZONES) {
    const terms = d.sellerDelivery[zone];
    if (terms) lines.push(`Delivery: ${terms.fee === 0 ? 'free' : formatNaira(terms.fee)} to ${where[zone]}, ${days(terms.days)}`);
  }
  if (d.payOnDelivery) lines.push('Pay on delivery available (cash to the seller’s rider, with seller delivery)');
  return lines;
}
