import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { koboToNaira, nairaToKobo, type CartItem, type CartNotice } from '@kasuwa/contracts';
import { DomainError, notFound } from '../../common/errors';
import { CartLineDto } from './dto/cart.dto';
import { CartItem as CartItemRecord } from './entities/cart-item.entity';
import { PRODUCT_COLUMNS, ProductRow, toProduct } from '../catalog/product.mapper';
import { offerKoboSql } from './unit-price';
import type { CartItemRow, ProductRow as ProductTableRow } from '../../database/rows.generated';

export const CART_ITEM_NOT_FOUND = 'Cart item not found.';

type ProductFacts = Pick<ProductTableRow, 'id' | 'user_id' | 'status' | 'quantity' | 'product_name'>;

export const withTotal = (items: CartItem[]) => ({ items, total: koboToNaira(items.reduce((n, i) => n + nairaToKobo(i.lineTotal), 0)) });

/** A line the cart could not take as asked; `status` is what the call answers if nothing at all could be applied. */
interface Problem extends CartNotice {
  status: HttpStatus;
}

/** The server cart: one line per product, quantities capped at the listing's stock, never the user's own listing. */
@Injectable()
export class CartService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async items(userId: number, db: DataSource | EntityManager = this.db): Promise<CartItem[]> {
    const rows = await db.query<(ProductRow & { cart_item_id: number; cart_quantity: number; offer_kobo: string | null })[]>(
      `SELECT c.id AS cart_item_id, c.quantity AS cart_quantity, ${offerKoboSql('$1', 'p')} AS offer_kobo, ${PRODUCT_COLUMNS}
         FROM cart_item c JOIN product p ON p.id = c.product_id JOIN app_user u ON u.id = p.user_id
        WHERE c.user_id = $1 ORDER BY c.created_at, c.id`,
      [userId],
    );
    return rows.map((r) => {
      // The price checkout will charge (unitPriceKoboSql): the accepted offer when lower, else the listed price.
      const unit = Number(r.offer_kobo ?? r.price_kobo);
      // A block reason is for the listing's seller, not for buyers' carts.
      return {
        id: r.cart_item_id,
        productID: r.id,
        quantity: r.cart_quantity,
        product: { ...toProduct(r), blockReason: null },
        unitPrice: koboToNaira(unit),
        priceSource: r.offer_kobo === null ? 'listing' : 'offer',
        lineTotal: koboToNaira(unit * r.cart_quantity),
      };
    });
  }

  /** The cart's lines and their total (naira): Σ lineTotal, the goods total checkout charges for them. */
  async cart(userId: number, db: DataSource | EntityManager = this.db): Promise<{ items: CartItem[]; total: string }> {
    return withTotal(await this.items(userId, db));
  }

  /**
   * Adds lines (mode add: quantities are added, which is also how a guest cart is merged at sign-in) or sets them.
   * Each line is applied on its own so one sold-out item does not lose the rest of a merged cart; lines that could
   * not be taken as asked come back as notices. If nothing at all could be applied, the first problem is the answer.
   */
  async add(
    userId: number,
    lines: CartLineDto[],
    mode: 'add' | 'set',
  ): Promise<{ items: CartItem[]; total: string; notices: CartNotice[] }> {
    const wanted = new Map<number, number>();
    for (const l of lines) wanted.set(l.productID, mode === 'set' ? l.quantity : (wanted.get(l.productID) ?? 0) + l.quantity);
    const ids = [...wanted.keys()].sort((a, b) => a - b);

    return this.db.transaction(async (em) => {
      const products = new Map(
        (await em.query<ProductFacts[]>(`SELECT id, user_id, status, quantity, product_name FROM product WHERE id = ANY($1)`, [ids])).map(
          (p) => [p.id, p],
        ),
      );
      const existing = new Map(
        (
          await em.query<Pick<CartItemRow, 'product_id' | 'quantity'>[]>(
            `SELECT product_id, quantity FROM cart_item WHERE user_id = $1 AND product_id = ANY($2) FOR UPDATE`,
            [userId, ids],
          )
        ).map((r) => [r.product_id, r.quantity]),
      );
      const problems: Problem[] = [];
      const notices: CartNotice[] = [];
      let applied = 0;
      for (const id of ids) {
        const outcome = await this.applyLine(em, userId, products.get(id), id, wanted.get(id)!, existing.get(id) ?? 0, mode);
        if ('status' in outcome) problems.push(outcome);
        else {
          applied += 1;
          if (outcome.notice) notices.push(outcome.notice);
        }
      }
      if (applied === 0 && problems.length) throw new DomainError('CART_REFUSED', problems[0].message, problems[0].status);
      return {
        ...(await this.cart(userId, em)),
        notices: [...problems.map(({ productID, message }) => ({ productID, message })), ...notices],
      };
    });
  }

  private async applyLine(
    em: EntityManager,
    userId: number,
    p: ProductFacts | undefined,
    productID: number,
    requested: number,
    prev: number,
    mode: 'add' | 'set',
  ): Promise<Problem | { notice?: CartNotice }> {
    if (!p) return { productID, status: HttpStatus.NOT_FOUND, message: 'Product not found.' };
    const name = `“${p.product_name}”`;
    if (p.user_id === userId) return { productID, status: HttpStatus.CONFLICT, message: `You cannot buy your own listing ${name}.` };
    const want = mode === 'set' ? requested : prev + requested;
    if (requested <= 0 || want <= 0) {
      // The product screen rules: a quantity of 0 or less removes the line.
      await em.query(`DELETE FROM cart_item WHERE user_id = $1 AND product_id = $2`, [userId, productID]);
      return {};
    }
    if (p.status === 'sold_out' || (p.status === 'active' && p.quantity <= 0)) {
      return { productID, status: HttpStatus.CONFLICT, message: `${name} is sold out.` };
    }
    if (p.status !== 'active') return { productID, status: HttpStatus.CONFLICT, message: `${name} is no longer available.` };
    const qty = Math.min(want, p.quantity);
    if (mode === 'add' && qty <= prev) {
      return {
        productID,
        status: HttpStatus.CONFLICT,
        message: `Only ${p.quantity} of ${name} available, and your cart already has ${prev}.`,
      };
    }
    await em.query(
      `INSERT INTO cart_item (user_id, product_id, quantity) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()`,
      [userId, productID, qty],
    );
    return qty < want ? { notice: { productID, message: `Only ${p.quantity} of ${name} available; your cart has ${qty}.` } } : {};
  }

  async remove(userId: number, cartItemId: number): Promise<{ items: CartItem[]; total: string }> {
    // Someone else's line answers exactly like a missing one.
    const { affected } = await this.db.getRepository(CartItemRecord).delete({ id: cartItemId, userId });
    if (!affected) throw notFound('CART_ITEM_NOT_FOUND', CART_ITEM_NOT_FOUND);
    return this.cart(userId);
  }

  async empty(userId: number): Promise<void> {
    await this.db.query(`DELETE FROM cart_item WHERE user_id = $1`, [userId]);
  }
}
