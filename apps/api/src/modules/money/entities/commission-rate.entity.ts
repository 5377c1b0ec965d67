import { Check, Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';
import { Category } from '../../catalog/entities/category.entity';

/** Kasuwa's commission in basis points: the default (no category) or one category and its sub-categories. */
@Entity('commission_rate')
@Check('commission_rate_rate_bp_check', `rate_bp BETWEEN 0 AND 10000`)
export class CommissionRate extends Timestamped {
  @Column({ type: 'int', nullable: true, unique: true }) categoryId: number | null;
  @ManyToOne(() => Category, { nullable: true, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'category_id', foreignKeyConstraintName: 'commission_rate_category_id_fkey' })
  category?: Category | null;
  @Column({ type: 'int' }) rateBp: number;
}
