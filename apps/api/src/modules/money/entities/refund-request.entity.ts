import type { RefundRequestStatus } from '@kasuwa/contracts';
import { Check, Column, Entity, Index } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';

/** A buyer's rejection of a paid order, waiting for an admin to approve (refund) or decline it; one open per order. */
@Entity('refund_request')
@Check('refund_request_status_check', `status IN ('requested','approved','declined')`)
@Index('refund_request_open_once', { synchronize: false })
@Index('refund_request_status_idx', { synchronize: false })
@Index('refund_request_order_idx', { synchronize: false })
export class RefundRequest extends Timestamped {
  @Column({ type: 'int' }) orderId: number;
  @Column({ type: 'int' }) buyerId: number;
  @Column({ type: 'varchar', length: 10, default: 'requested' }) status: RefundRequestStatus;
  /** The buyer's words when rejecting (optional). */
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column({ type: 'text', nullable: true }) decisionReason: string | null;
  @Column({ type: 'int', nullable: true }) decidedBy: number | null;
  @Column({ type: 'timestamptz', nullable: true }) decidedAt: Date | null;
  /** The refund an approval started. */
  @Column({ type: 'int', nullable: true }) refundId: number | null;
}
