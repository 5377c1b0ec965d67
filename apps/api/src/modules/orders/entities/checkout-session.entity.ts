import { Column, Entity } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';

/** One checkout = one payment: holds the reserved stock until paid, expired or cancelled. */
@Entity('checkout_session')
export class CheckoutSession extends Timestamped {
  @Column({ type: 'varchar', length: 40, default: () => "('CS-' || upper(encode(gen_random_bytes(8), 'hex')))" }) reference: string;
  @Column({ type: 'int' }) buyerId: number;
  @Column({ type: 'bigint' }) totalKobo: string;
  @Column({ type: 'char', length: 3, default: 'NGN' }) currency: string;
  @Column({ type: 'varchar', length: 10, default: 'pending' }) status: 'pending' | 'paid' | 'expired' | 'cancelled' | 'cash';
  @Column({ type: 'text' }) shippingAddress: string;
  @Column({ type: 'varchar', length: 20 }) receiverPhoneNumber: string;
  @Column({ type: 'varchar', length: 120 }) deliveryRegion: string;
  /** The structured address's state, LGA and landmark (null on checkouts from before them). */
  @Column({ type: 'smallint', nullable: true }) stateId: number | null;
  @Column({ type: 'int', nullable: true }) lgaId: number | null;
  @Column({ type: 'varchar', length: 120, nullable: true }) landmark: string | null;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) paidAt: Date | null;
}
