import type { OrderPaymentStatus, OrderStatus } from '@kasuwa/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One order per seller of a checkout; money in integer kobo (bigint, read as strings). */
@Entity('order')
export class Order {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 24, default: () => "next_order_number()" }) orderNumber: string;
  @Column({ type: 'int' }) checkoutSessionId: number;
  @Column({ type: 'int' }) buyerId: number;
  @Column({ type: 'int' }) sellerId: number;
  @Column({ type: 'varchar', length: 20, default: 'pending' }) status: OrderStatus;
  @Column({ type: 'varchar', length: 12, default: 'pending' }) paymentStatus: OrderPaymentStatus;
  @Column({ type: 'bigint' }) totalKobo: string;
  @Column({ type: 'char', length: 3, default: 'NGN' }) currency: string;
  @Column({ type: 'int', nullable: true }) deliveryDays: number | null;
  @Column({ type: 'text' }) shippingAddress: string;
  @Column({ type: 'varchar', length: 20 }) receiverPhoneNumber: string;
  @Column({ type: 'varchar', length: 120 }) deliveryRegion: string;
  @Column({ type: 'timestamptz', nullable: true }) paidAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) stockReleasedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
  @Column({ type: 'bigint', default: '0' }) commissionKobo: string;
  @Column({ type: 'timestamptz', nullable: true }) deliveredAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) releasedAt: Date | null;
}
