import type { DisputeDecision, DisputeReason } from '@kasuwa/contracts';
import { Check, Column, Entity, Index } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';

/** A buyer's complaint about an order (one per order); while open, the order's money is not released. */
@Entity('dispute')
@Check('dispute_reason_check', `reason IN ('not_received','not_as_described','damaged','other')`)
@Check('dispute_status_check', `status IN ('open','resolved')`)
@Check('dispute_decision_check', `decision IN ('release','refund','partial_refund')`)
@Index('dispute_status_idx', { synchronize: false })
export class Dispute extends Timestamped {
  @Column({ type: 'int', unique: true }) orderId: number;
  @Column({ type: 'int' }) buyerId: number;
  @Column({ type: 'varchar', length: 20 }) reason: DisputeReason;
  @Column({ type: 'text' }) text: string;
  /** Stored photos: `{imageUrl, thumbnailUrl, originalUrl, keys}` each. */
  @Column({ type: 'jsonb', default: () => "'[]'" }) photos: unknown[];
  @Column({ type: 'varchar', length: 10, default: 'open' }) status: 'open' | 'resolved';
  @Column({ type: 'text', nullable: true }) sellerReply: string | null;
  @Column({ type: 'timestamptz', nullable: true }) repliedAt: Date | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) decision: DisputeDecision | null;
  @Column({ type: 'bigint', nullable: true }) decisionAmountKobo: string | null;
  @Column({ type: 'text', nullable: true }) decisionReason: string | null;
  @Column({ type: 'int', nullable: true }) decidedBy: number | null;
  @Column({ type: 'timestamptz', nullable: true }) decidedAt: Date | null;
}
