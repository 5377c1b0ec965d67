import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderActorKind } from '@kasuwa/contracts';
import { FlowPort } from '../../common/flow-port';

/** Who takes a listing off sale and the reason the buyers of its unpaid orders see. */
export interface OffSale {
  actorKind: OrderActorKind;
  actorId?: number | null;
  reason: string;
}

/**
 * Cancels the unpaid orders holding `productId` around `takeOffSale` (the write that blocks, withdraws or deletes it),
 * in the caller's transaction (lock order checkout → orders → product).
 */
export type OffSaleHandler = (em: EntityManager, productId: number, how: OffSale, takeOffSale: () => Promise<unknown>) => Promise<unknown>;

/**
 * Catalog's port for "a listing taken off sale cancels its unpaid orders, in the same transaction" (rule: one rule for
 * an unpaid order leaving its checkout), served by the listing-off-sale flow. Catalog never imports orders (orders
 * reach catalog through cart). Without the flow there is no way to take a listing off sale: it throws rather than leave
 * unpaid orders holding a listing that cannot be sold.
 */
@Injectable()
export class ListingOffSale extends FlowPort<OffSaleHandler> {
  constructor() {
    super('taking a listing off sale (its unpaid orders are cancelled with it)');
  }
}
