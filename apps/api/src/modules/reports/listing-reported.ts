import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { FlowPort } from '../../common/flow-port';

/** Risk rule listing_reported, in the report's transaction. */
export type ListingReportedHandler = (
  em: EntityManager,
  productId: number,
  sellerId: number,
  report: { id: number; reason: string },
) => Promise<void>;

/** Reports' port for a reported listing's risk signal, served by the risk-signals flow. */
@Injectable()
export class ListingReported extends FlowPort<ListingReportedHandler> {
  constructor() {
    super('the risk signal of a reported listing');
  }
}
