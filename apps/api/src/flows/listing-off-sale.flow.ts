import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ListingOffSale, type OffSale } from '../modules/catalog/listing-off-sale';
import { UnpaidOrderCancellation } from '../modules/orders/unpaid-cancellation.service';

/**
 * A listing taken off sale (an admin blocks or withdraws it, its seller withdraws or deletes it) cancels every unpaid
 * order holding it, in the transaction that takes it off sale (orders' one rule, UnpaidOrderCancellation). A flow: the
 * write crosses catalog and orders, and orders reach catalog through cart, so catalog may not import orders; it calls
 * its ListingOffSale port, which this flow serves.
 */
@Injectable()
export class ListingOffSaleFlow implements OnModuleInit {
  constructor(
    private readonly port: ListingOffSale,
    private readonly cancellation: UnpaidOrderCancellation,
  ) {}

  onModuleInit(): void {
    this.port.handle((em, productId, how, takeOffSale) => this.takeOffSale(em, productId, how, takeOffSale));
  }

  /** Returns the ids of the orders it cancelled. */
  takeOffSale(em: EntityManager, productId: number, how: OffSale, write: () => Promise<unknown>): Promise<number[]> {
    return this.cancellation.cancelForListing(em, productId, how, write);
  }
}
