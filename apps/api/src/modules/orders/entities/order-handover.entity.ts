import { Check, Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { Order } from './order.entity';

/** A shipped order's handover code (sealed for its buyer to read, HMAC for the seller's guess) and its wrong-guess count. */
@Entity('order_handover')
@Check('order_handover_attempts_check', `attempts >= 0`)
export class OrderHandover {
  @PrimaryColumn({ type: 'int' }) orderId: number;
  @OneToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'order_handover_order_id_fkey' })
  order?: Order;
  @Column({ type: 'text' }) codeSealed: string;
  @Column({ type: 'char', length: 64 }) codeHash: string;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ type: 'timestamptz', nullable: true }) lockedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
