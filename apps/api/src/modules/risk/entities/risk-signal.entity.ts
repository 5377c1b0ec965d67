import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { RiskHold, RiskRule, RiskState } from '@kasuwa/contracts';

/** A risk rule fired on a user or a listing; at most one open per rule and target (migration 1764210000001). */
@Entity('risk_signal')
@Check(
  'risk_signal_rule_check',
  `rule IN ('new_account_price','payout_change_withdrawal','chat_warnings','listing_reported','missed_ship_by')`,
)
@Check('risk_signal_target_type_check', `target_type IN ('user','product')`)
@Check('risk_signal_hold_check', `hold IN ('withdrawal','listing','none')`)
@Check('risk_signal_state_check', `state IN ('open','cleared','confirmed')`)
@Index('risk_signal_open_once', { synchronize: false })
@Index('risk_signal_target_idx', { synchronize: false })
@Index('risk_signal_hold_idx', { synchronize: false })
@Index('risk_signal_queue_idx', { synchronize: false })
export class RiskSignalEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 32 }) rule: RiskRule;
  @Column({ type: 'varchar', length: 10 }) targetType: 'user' | 'product';
  @Column({ type: 'int' }) targetId: number;
  /** The person concerned (the seller, the sender): a hold is explained to them. */
  @Column({ type: 'int' }) userId: number;
  @Column({ type: 'varchar', length: 12 }) hold: RiskHold;
  @Column({ type: 'varchar', length: 10, default: 'open' }) state: RiskState;
  @Column({ type: 'varchar', length: 500 }) reason: string;
  @Column({ type: 'jsonb', default: {} }) details: Record<string, unknown>;
  @Column({ type: 'int', nullable: true }) decidedBy: number | null;
  @Column({ type: 'timestamptz', nullable: true }) decidedAt: Date | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) decisionReason: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
