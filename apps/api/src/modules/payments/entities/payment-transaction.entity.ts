import { Column, Entity } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';

/** One attempt to pay a checkout with the provider; applied at most once per checkout (partial unique index). */
@Entity('payment_transaction')
export class PaymentTransaction extends Timestamped {
  @Column({ type: 'varchar', length: 100 }) reference: string;
  @Column({ type: 'int' }) checkoutSessionId: number;
  @Column({ type: 'int' }) userId: number;
  @Column({ type: 'varchar', length: 10 }) provider: 'paystack' | 'test';
  @Column({ type: 'varchar', length: 30, nullable: true }) paymentMethod: string | null;
  @Column({ type: 'bigint' }) amountKobo: string;
  @Column({ type: 'char', length: 3, default: 'NGN' }) currency: string;
  @Column({ type: 'bigint', nullable: true }) paidAmountKobo: string | null;
  @Column({ type: 'varchar', length: 3, nullable: true }) paidCurrency: string | null;
  @Column({ type: 'varchar', length: 10, default: 'pending' }) status: 'pending' | 'success' | 'failed' | 'abandoned' | 'reversed';
  @Column({ type: 'boolean', default: false }) applied: boolean;
  @Column({ type: 'boolean', default: false }) needsRefund: boolean;
  @Column({ type: 'text', nullable: true }) reviewReason: string | null;
  @Column({ type: 'bigint', nullable: true }) paystackId: string | null;
  @Column({ type: 'text', nullable: true }) authorizationUrl: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) accessCode: string | null;
  @Column({ type: 'text', nullable: true }) gatewayResponse: string | null;
  @Column({ type: 'timestamptz', nullable: true }) paidAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) verifiedAt: Date | null;
  @Column({ type: 'jsonb', nullable: true }) raw: Record<string, unknown> | null;
}
