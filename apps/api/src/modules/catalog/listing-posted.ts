import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { FlowPort } from '../../common/flow-port';

/** Risk rule new_account_price, in the transaction that stores a seller's new listing; answers whether it was held. */
export type ListingPostedHandler = (em: EntityManager, productId: number) => Promise<boolean>;

/** Catalog's port for the risk check of a listing a seller posts, served by the risk-signals flow. */
@Injectable()
export class ListingPosted extends FlowPort<ListingPostedHandler> {
  constructor() {
    super("the risk check of a seller's new listing");
  }
}
