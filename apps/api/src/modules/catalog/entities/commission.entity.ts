import { Column, Entity } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';

/** A commission note shown to sellers as the platform agreement on the product form. */
@Entity('commission')
export class Commission extends Timestamped {
  @Column({ type: 'text' }) note: string;
}
