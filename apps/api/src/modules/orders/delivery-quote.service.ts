import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CheckoutQuote, SellerQuote } from '@kasuwa/contracts';
import { invalidField } from '../../common/errors';
import { fullNameOf } from '../users/entities/user.entity';
import { LocationsService } from '../locations/locations.service';
import { unitPriceKoboSql } from '../cart/unit-price';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { DELIVERY_COLUMNS, DeliveryLine, sellerOptions } from './delivery-options';
import { podBuyerColumns, podBuyerOf, podOption, podRefusal } from './pay-on-delivery';

interface QuoteLine extends DeliveryLine {
  seller_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  quantity: number;
  unit_kobo: string;
  location: string;
  pod_verified: boolean | null;
  pod_open: number;
  pod_refused: number;
}

/** A query's place id: digits only, else the same 422 as an id that is not on the list. */
export function placeId(raw: unknown, field: 'stateId' | 'lgaId'): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) {
    throw invalidField(field, field === 'stateId' ? 'Choose a state from the list' : 'Choose a local government area from the list');
  }
  return Number(raw);
}

/** `GET /api/checkout/quote`: what reaches a delivery address, seller by seller, for the buyer's cart. */
@Injectable()
export class DeliveryQuoteService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly locations: LocationsService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /**
   * One statement (the place is checked against the in-process list): the cart's lines with their listings' delivery
   * terms, the unit price checkout charges (unitPriceKoboSql, accepted offers included) and the buyer's standing for
   * pay on delivery (podBuyerColumns, computed once).
   */
  async quote(buyerId: number, stateId: number, lgaId: number): Promise<CheckoutQuote['data']> {
    const place = await this.locations.address(stateId, lgaId);
    const rows = await this.db.query<QuoteLine[]>(
      `SELECT p.user_id AS seller_id, u.first_name, u.last_name, u.email, c.quantity, ${unitPriceKoboSql('$1', 'p')} AS unit_kobo,
              p.location, ${DELIVERY_COLUMNS('p')}, ${podBuyerColumns('$1')}
         FROM cart_item c JOIN product p ON p.id = c.product_id JOIN app_user u ON u.id = p.user_id
        WHERE c.user_id = $1 ORDER BY p.user_id, c.product_id`,
      [buyerId],
    );
    const bySeller = new Map<number, QuoteLine[]>();
    for (const r of rows) bySeller.set(r.seller_id, [...(bySeller.get(r.seller_id) ?? []), r]);
    const buyer = rows.length ? podBuyerOf(rows[0]) : null;
    const sellers: SellerQuote[] = [...bySeller.values()].map((lines) => {
      const first = lines[0];
      const goodsKobo = lines.reduce((n, l) => n + Number(l.unit_kobo) * l.quantity, 0);
      const options = sellerOptions(lines, place).options;
      const delivery = options.find((o) => o.method === 'seller_delivery');
      const refusal = buyer ? podRefusal(this.cfg, lines, delivery, goodsKobo, buyer) : undefined;
      if (refusal === null && delivery) options.push(podOption(delivery));
      return {
        sellerId: first.seller_id,
        sellerName: fullNameOf({ firstName: first.first_name, lastName: first.last_name, email: first.email }),
        goodsKobo,
        pickupArea: first.location || null,
        options,
        payOnDeliveryRefusal: refusal ?? null,
      };
    });
    return { sellers, currency: 'NGN' };
  }
}
