import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A line of an order; name, description and price are snapshots taken at checkout. */
@Entity('order_item')
export class OrderItem {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) orderId: number;
  @Column({ type: 'int', nullable: true }) productId: number | null;
  @Column({ type: 'int' }) quantity: number;
  @Column({ type: 'bigint' }) priceKobo: string;
  @Column({ type: 'char', length: 3, default: 'NGN' }) currency: string;
  @Column({ type: 'varchar', length: 120 }) productName: string;
  @Column({ type: 'text', default: '' }) productDescription: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'int', default: 500 }) commissionBp: number;
}
