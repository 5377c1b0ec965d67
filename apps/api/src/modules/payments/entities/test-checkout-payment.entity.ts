import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A payment on the built-in test checkout page (no Paystack key). */
@Entity('test_checkout_payment')
export class TestCheckoutPayment {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 100 }) reference: string;
  @Column({ type: 'varchar', length: 100 }) accessCode: string;
  @Column({ type: 'citext' }) email: string;
  @Column({ type: 'bigint' }) amountKobo: string;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ type: 'jsonb', default: () => "'{}'" }) metadata: Record<string, unknown>;
  @Column({ type: 'varchar', length: 10, default: 'pending' }) status: string;
  @Column({ type: 'varchar', length: 20, nullable: true }) channel: string | null;
  @Column({ type: 'timestamptz', nullable: true }) paidAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
