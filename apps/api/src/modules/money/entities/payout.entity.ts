import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  OneToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';
import { User } from '../../users/entities/user.entity';

/** Where a seller's payouts go: a Paystack transfer recipient for a resolved NUBAN account. */
@Entity('payout_account')
export class PayoutAccount {
  @PrimaryColumn({ type: 'int' }) userId: number;
  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'payout_account_user_id_fkey' })
  user?: User;
  @Column({ type: 'varchar', length: 10 }) bankCode: string;
  @Column({ type: 'varchar', length: 100 }) bankName: string;
  @Column({ type: 'varchar', length: 10 }) accountNumber: string;
  @Column({ type: 'varchar', length: 200 }) accountName: string;
  @Column({ type: 'varchar', length: 60 }) recipientCode: string;
  @Column({ type: 'timestamptz', nullable: true }) payoutsHoldUntil: Date | null;
  /** The seller asked for an automatic daily payout of the available balance. */
  @Column({ type: 'boolean', default: false }) autoPayout: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

export type PayoutStatus = 'queued' | 'sending' | 'pending' | 'otp' | 'unknown' | 'success' | 'failed' | 'reversed';

/** A Paystack transfer to a seller (unique reference; settled exactly once). */
@Entity('payout')
@Check('payout_amount_kobo_check', `amount_kobo > 0`)
@Check('payout_status_check', `status IN ('queued','sending','pending','otp','unknown','success','failed','reversed')`)
@Index('payout_user_idx', { synchronize: false })
@Index('payout_open_idx', { synchronize: false })
@Index('payout_auto_day_once', { synchronize: false })
export class Payout extends Timestamped {
  @Column({ type: 'int' }) userId: number;
  @Column({ type: 'varchar', length: 64, unique: true }) reference: string;
  @Column({ type: 'bigint' }) amountKobo: string;
  @Column({ type: 'varchar', length: 10, default: 'queued' }) status: PayoutStatus;
  @Column({ type: 'varchar', length: 60 }) recipientCode: string;
  @Column({ type: 'varchar', length: 60, nullable: true }) transferCode: string | null;
  @Column({ type: 'bigint', nullable: true }) paystackId: string | null;
  @Column({ type: 'text', nullable: true }) message: string | null;
  @Column({ type: 'jsonb', nullable: true }) raw: unknown;
  @Column({ type: 'timestamptz', nullable: true }) settledAt: Date | null;
  /** The Lagos day an automatic daily payout was made for (null: the seller's own withdrawal). */
  @Column({ type: 'date', nullable: true }) autoDay: string | null;
  /** When the last call to Paystack started (a `sending` payout is looked up only once it is old enough). */
  @Column({ type: 'timestamptz', nullable: true }) sentAt: Date | null;
  @Column({ type: 'int', default: 0 }) attempts: number;
  /** The payout an admin's retry of this failed one created (one retry per failure). */
  @Column({ type: 'int', nullable: true }) retriedAs: number | null;
}

/** A Paystack refund of (part of) a payment, for one order or an unapplied payment. */
@Entity('refund')
@Check('refund_amount_kobo_check', `amount_kobo > 0`)
@Check('refund_status_check', `status IN ('queued','sending','pending','needs_attention','processed','failed')`)
@Index('refund_order_idx', { synchronize: false })
@Index('refund_open_idx', { synchronize: false })
@Index('refund_payment_idx', { synchronize: false })
export class Refund extends Timestamped {
  @Column({ type: 'int', nullable: true }) orderId: number | null;
  @Column({ type: 'varchar', length: 100 }) paymentReference: string;
  @Column({ type: 'bigint' }) amountKobo: string;
  /** Kasuwa's own reference, stored before the call and sent in Paystack's merchant note (how a lost answer is found). */
  @Column({ type: 'varchar', length: 64, unique: true }) reference: string;
  /** `needs_attention`: Paystack waits for the buyer's bank account (bank-transfer / USSD payments); the money stays in transit. */
  @Column({ type: 'varchar', length: 20, default: 'queued' }) status:
    'queued' | 'sending' | 'pending' | 'needs_attention' | 'processed' | 'failed';
  @Column({ type: 'text' }) reason: string;
  @Column({ type: 'bigint', nullable: true, unique: true }) paystackId: string | null;
  @Column({ type: 'text', nullable: true }) message: string | null;
  @Column({ type: 'jsonb', nullable: true }) raw: unknown;
  @Column({ type: 'timestamptz', nullable: true }) settledAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) sentAt: Date | null;
  @Column({ type: 'int', default: 0 }) attempts: number;
  /** The refund an admin's retry of this failed one created (one retry per failure). */
  @Column({ type: 'int', nullable: true }) retriedAs: number | null;
  /** The bank account the buyer gave for a needs-attention refund: `{bankCode, bankName, accountNumber, accountName}`. */
  @Column({ type: 'jsonb', nullable: true }) customerAccount: unknown;
  /** When Paystack last said the refund needs the buyer's bank account. */
  @Column({ type: 'timestamptz', nullable: true }) attentionAt: Date | null;
}

/** The built-in test mode's record of transfers and refunds it was asked for (what Paystack would remember). */
@Entity('test_gateway_transfer')
@Check('test_gateway_transfer_kind_check', `kind IN ('transfer','refund')`)
@Index('test_gateway_transfer_ref', { synchronize: false })
export class TestGatewayTransfer {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 10 }) kind: 'transfer' | 'refund';
  @Column({ type: 'varchar', length: 100 }) reference: string;
  @Column({ type: 'bigint' }) amountKobo: string;
  /** A refund's merchant note (as Paystack keeps it). */
  @Column({ type: 'text', nullable: true }) note: string | null;
  /** A refund of a bank-transfer / USSD payment: waits for the buyer's bank account (Paystack's needs-attention). */
  @Column({ type: 'boolean', default: false }) needsAccount: boolean;
  @Column({ type: 'timestamptz', nullable: true }) accountGivenAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
