import type { EntityManager } from 'typeorm';
import { conflict } from '../../common/errors';
import { unitPriceKoboSql } from '../cart/unit-price';
import { DELIVERY_COLUMNS, type DeliveryLine } from './delivery-options';
import type { ProductRow } from '../../database/rows.generated';

/** A reserved line with its listing's delivery terms (read by the same UPDATE: no statement more per line). */
export interface ReservedLine extends DeliveryLine {
  id: number;
  user_id: number;
  price_kobo: string;
  currency: 'NGN';
  product_name: string;
  product_description: string;
  quantity: number;
}

/**
 * Takes `quantity` units of each product, or none at all (the caller's transaction rolls back on the thrown 409).
 * One conditional UPDATE per product: Postgres re-checks `quantity >= n` after waiting for a concurrent buyer's row
 * lock, so stock can never go below zero; products are taken in ascending id so two carts never lock in opposite
 * orders (no deadlock). The price comes from this row, never from the client — or from the seller's accepted chat
 * offer to this buyer when it is lower (unitPriceKoboSql, the cart's figure too), which this checkout then uses up.
 */
export async function reserveStock(
  em: EntityManager,
  buyerId: number,
  lines: { product_id: number; quantity: number }[],
): Promise<ReservedLine[]> {
  const sorted = [...lines].sort((a, b) => a.product_id - b.product_id);
  const reserved: ReservedLine[] = [];
  for (const line of sorted) {
    // An UPDATE answers [rows, count] (TypeORM's postgres driver).
    const [rows] = await em.query<[Omit<ReservedLine, 'quantity'>[], number]>(
      `UPDATE product
          SET quantity = quantity - $2,
              status = CASE WHEN quantity - $2 = 0 THEN 'sold_out' ELSE status END,
              updated_at = now()
        WHERE id = $1 AND status = 'active' AND quantity >= $2 AND user_id <> $3
        RETURNING id, user_id, ${unitPriceKoboSql('$3', 'product')} AS price_kobo,
                  currency, product_name, product_description, ${DELIVERY_COLUMNS('product')}`,
      [line.product_id, line.quantity, buyerId],
    );
    if (!rows.length) throw await whyUnavailable(em, buyerId, line);
    reserved.push({ ...rows[0], quantity: line.quantity });
  }
  return reserved;
}

/** A 409 that names the product and says what is wrong with it. */
async function whyUnavailable(em: EntityManager, buyerId: number, line: { product_id: number; quantity: number }) {
  const [p] = await em.query<Pick<ProductRow, 'product_name' | 'status' | 'quantity' | 'user_id'>[]>(
    `SELECT product_name, status, quantity, user_id FROM product WHERE id = $1`,
    [line.product_id],
  );
  if (!p) return conflict('PRODUCT_UNAVAILABLE', 'An item in your cart is no longer available. Remove it and try again.');
  const name = `“${p.product_name}”`;
  if (p.user_id === buyerId) return conflict('OWN_LISTING', `You cannot buy your own listing ${name}. Remove it from your cart.`);
  if (p.status === 'sold_out' || (p.status === 'active' && p.quantity === 0)) return conflict('SOLD_OUT', `${name} is sold out.`);
  if (p.status === 'active') return conflict('INSUFFICIENT_STOCK', `Only ${p.quantity} of ${name} left; your cart has ${line.quantity}.`);
  return conflict('PRODUCT_UNAVAILABLE', `${name} is no longer available. Remove it from your cart.`);
}

/**
 * Gives the units of these orders back to their listings (a sold-out listing becomes active again). Each order is
 * released at most once (`stock_released_at`), in ascending product id like reserveStock.
 */
export async function releaseStock(em: EntityManager, orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  const lines = await em.query<{ product_id: number; qty: number }[]>(
    `WITH released AS (
       UPDATE "order" SET stock_released_at = now() WHERE id = ANY($1) AND stock_released_at IS NULL RETURNING id
     )
     SELECT i.product_id, sum(i.quantity)::int AS qty
       FROM order_item i JOIN released r ON r.id = i.order_id
      WHERE i.product_id IS NOT NULL
      GROUP BY i.product_id ORDER BY i.product_id`,
    [orderIds],
  );
  if (!lines.length) return;
  // The listings locked in ascending id first (one UPDATE … FROM takes its rows in no set order), then changed in one
  // statement: the money clock gives back thousands of orders' units in one run.
  await em.query(`SELECT 1 FROM product WHERE id = ANY($1) ORDER BY id FOR UPDATE`, [lines.map((l) => l.product_id)]);
  await em.query(
    `UPDATE product p SET quantity = p.quantity + l.qty, status = CASE WHEN p.status = 'sold_out' THEN 'active' ELSE p.status END, updated_at = now()
       FROM unnest($1::int[], $2::int[]) AS l(product_id, qty) WHERE p.id = l.product_id`,
    [lines.map((l) => l.product_id), lines.map((l) => l.qty)],
  );
}

/**
 * An admin moving an order whose units went back on sale into the flow again: takes the same units from the listings
 * again (ascending product id, like reserveStock), or refuses with a 409 naming the product when they are gone —
 * sold since, blocked, withdrawn or deleted — so no order is ever in the flow without its stock.
 */
export async function reserveAgain(em: EntityManager, orderId: number): Promise<void> {
  const lines = await em.query<{ product_id: number | null; product_name: string; qty: number }[]>(
    `SELECT i.product_id, min(i.product_name) AS product_name, sum(i.quantity)::int AS qty
       FROM order_item i JOIN "order" o ON o.id = i.order_id
      WHERE o.id = $1 AND o.stock_released_at IS NOT NULL
      GROUP BY i.product_id ORDER BY i.product_id NULLS FIRST`,
    [orderId],
  );
  if (!lines.length) return;
  for (const l of lines) {
    // 1 row updated when the units are still there (an UPDATE answers [rows, count]).
    const [, taken]: [unknown, number] =
      l.product_id === null
        ? [[], 0]
        : await em.query<[unknown[], number]>(
            `UPDATE product SET quantity = quantity - $2, status = CASE WHEN quantity - $2 = 0 THEN 'sold_out' ELSE status END, updated_at = now()
              WHERE id = $1 AND status = 'active' AND quantity >= $2`,
            [l.product_id, l.qty],
          );
    if (taken !== 1) {
      throw conflict(
        'STOCK_GONE',
        `“${l.product_name}” is no longer available in the quantity this order needs (${l.qty}), so the order cannot go back into the flow.`,
      );
    }
  }
  await em.query(`UPDATE "order" SET stock_released_at = NULL WHERE id = $1`, [orderId]);
}
