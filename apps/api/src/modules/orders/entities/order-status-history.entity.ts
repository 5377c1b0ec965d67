import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Every status change of an order, who made it and why (append-only). */
@Entity('order_status_history')
export class OrderStatusHistory {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) orderId: number;
  @Column({ type: 'varchar', length: 20, nullable: true }) fromStatus: string | null;
  @Column({ type: 'varchar', length: 20 }) toStatus: string;
  @Column({ type: 'varchar', length: 10 }) actorKind: string;
  @Column({ type: 'int', nullable: true }) actorId: number | null;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column({ type: 'timestamptz', default: () => 'clock_timestamp()' }) createdAt: Date;
}
