import { Column, Entity } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';

/** A line of a signed-in buyer's server cart. */
@Entity('cart_item')
export class CartItem extends Timestamped {
  @Column({ type: 'int' }) userId: number;
  @Column({ type: 'int' }) productId: number;
  @Column({ type: 'int' }) quantity: number;
}
