import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderActorKind } from '@kasuwa/contracts';

/** Who takes a listing off sale and the reason the buyers of its unpaid orders see. */
export interface OffSale {
  actorKind: OrderActorKind;
  actorId?: number | null;
  reason: string;
}

/** Cancels the unpaid orders holding `productId` around `takeOffSale` (the write that blocks, withdraws or deletes it). */
export type OffSaleHandler = (em: EntityManager, productId: number, how: OffSale, takeOffSale: () => Promise<unknown>) => Promise<unknown>;

/**
 * Catalog's port for "a listing taken off sale cancels its unpaid orders, in the same transaction" (rule: one rule for
 * an unpaid order leaving its checkout). The orders side of it is the listing-off-sale flow (flows/), which sits above
 * both modules and plugs itself in here when the app starts; catalog itself never imports orders, so the module graph
 * keeps no cycle (module-graph.spec.ts). Without the flow there is no way to take a listing off sale: it throws
 * rather than leave unpaid orders holding a listing that cannot be sold.
 */
@Injectable()
export class ListingOffSale {
  private handler: OffSaleHandler | null = null;

  /** Called once by the flow at start-up. */
  handle(handler: OffSaleHandler): void {
    this.handler = handler;
  }

  /** In the caller's transaction: the unpaid orders holding it are cancelled, `takeOffSale` runs between (lock order checkout → orders → product). */
  run(em: EntityManager, productId: number, how: OffSale, takeOffSale: () => Promise<unknown>): Promise<unknown> {
    if (!this.handler) throw new Error('No listing-off-sale flow is plugged in: FlowsModule must be loaded to take a listing off sale.');
    return this.handler(em, productId, how, takeOffSale);
  }
}
