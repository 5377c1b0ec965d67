import type { EntityManager } from 'typeorm';
import { formatNaira, koboToNaira, type QuoteOption } from '@kasuwa/contracts';
import type { AppConfig } from '../../config/app.config';
import type { DeliveryLine } from './delivery-options';

/** Statuses a pay-on-delivery order has ended in: it no longer counts as open against the buyer. */
export const POD_ENDED = [
  'completed',
  'cancelled',
  'cancelled_by_buyer',
  'rejected_by_seller',
  'rejected_by_buyer',
  'need_refund',
] as const;

/** What decides whether a buyer may pay on delivery, read in one statement. */
export interface PodBuyer {
  phoneVerified: boolean;
  /** Pay-on-delivery orders not ended yet. */
  open: number;
  /** Deliveries the buyer refused at the door. */
  refused: number;
}

/** POD_ENDED as an SQL list, for the counts here and the back office's record. */
export const ENDED_SQL = POD_ENDED.map((s) => `'${s}'`).join(',');

/**
 * The buyer's standing as three columns (pod_verified, pod_open, pod_refused) for any SELECT: uncorrelated scalar
 * subqueries, so Postgres runs each once (an InitPlan) whatever the rows, through order_pod_buyer_idx.
 */
export const podBuyerColumns = (buyer: string) => `
  (SELECT phone_verified_at IS NOT NULL FROM app_user WHERE id = ${buyer}) AS pod_verified,
  (SELECT count(*) FROM "order" WHERE buyer_id = ${buyer} AND delivery_method = 'pay_on_delivery' AND status NOT IN (${ENDED_SQL}))::int AS pod_open,
  (SELECT count(*) FROM "order" WHERE buyer_id = ${buyer} AND delivery_method = 'pay_on_delivery' AND delivery_refused_at IS NOT NULL)::int AS pod_refused`;

/** What podBuyerColumns selects (the counts cast to int). */
export interface PodBuyerColumns {
  pod_verified: boolean | null;
  pod_open: number;
  pod_refused: number;
}

export const podBuyerOf = (r: PodBuyerColumns): PodBuyer => ({
  phoneVerified: Boolean(r.pod_verified),
  open: r.pod_open,
  refused: r.pod_refused,
});

/** The buyer's pay-on-delivery standing; `lock` takes the buyer's row first so two checkouts at once count each other. */
export async function podBuyer(em: Pick<EntityManager, 'query'>, buyerId: number, lock = false): Promise<PodBuyer> {
  if (lock) await em.query(`SELECT 1 FROM app_user WHERE id = $1 FOR UPDATE`, [buyerId]);
  const [r] = await em.query<PodBuyerColumns[]>(`SELECT ${podBuyerColumns('$1')}`, [buyerId]);
  return podBuyerOf(r);
}

/**
 * Rule "pay on delivery" (docs/delivery.md: Delivery): the seller opts in per listing and delivers the goods
 * themselves, so it needs every line to allow it and seller delivery to reach the address (the fee is that zone's);
 * the order (goods + delivery) is at most POD_MAX; the buyer has a verified phone (unless verification is off), fewer
 * than 2 pay-on-delivery orders open (counting the ones in this checkout: `alsoNow`), and has not refused 2 deliveries.
 * Returns why not, in the buyer's words, or null when it is allowed. `undefined` reason: no listing allows it at all.
 */
export function podRefusal(
  cfg: AppConfig,
  lines: Pick<DeliveryLine, 'pay_on_delivery'>[],
  sellerDelivery: QuoteOption | undefined,
  goodsKobo: number,
  buyer: PodBuyer,
  alsoNow = 0,
): string | null | undefined {
  const allowing = lines.filter((l) => l.pay_on_delivery).length;
  if (allowing === 0) return undefined;
  if (allowing < lines.length) return 'Not every item from this seller allows pay on delivery.';
  if (cfg.delivery.podMaxKobo === 0) return 'Pay on delivery is not available on Kasuwa at the moment.';
  if (!sellerDelivery) return 'Pay on delivery comes with the seller’s delivery, which does not reach this address.';
  const total = goodsKobo + sellerDelivery.feeKobo;
  if (total > cfg.delivery.podMaxKobo) {
    return `Pay on delivery is for orders up to ${formatNaira(koboToNaira(cfg.delivery.podMaxKobo))} with delivery; this one is ${formatNaira(koboToNaira(total))}. Pay online: Kasuwa holds the money until you have the goods.`;
  }
  if (buyer.refused >= cfg.delivery.podMaxRefused) {
    return `Pay on delivery is closed for your account: you refused ${buyer.refused} pay-on-delivery orders at the door. You can still pay online; Kasuwa holds the money until you have the goods.`;
  }
  if (cfg.verification.required && !buyer.phoneVerified) return 'Verify your phone number on your profile to pay on delivery.';
  if (buyer.open + alsoNow >= cfg.delivery.podMaxOpen) {
    return `You already have ${cfg.delivery.podMaxOpen} pay-on-delivery orders open. Pay online, or wait until one is delivered.`;
  }
  return null;
}

/** Pay on delivery's terms are seller delivery's for the zone: the seller brings the goods and takes the cash. */
export const podOption = (sellerDelivery: QuoteOption): QuoteOption => ({ ...sellerDelivery, method: 'pay_on_delivery' });
