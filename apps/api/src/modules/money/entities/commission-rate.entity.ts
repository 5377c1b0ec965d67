import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Kasuwa's commission in basis points: the default (no category) or one category and its sub-categories. */
@Entity('commission_rate')
export class CommissionRate {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int', nullable: true, unique: true }) categoryId: number | null;
  @Column({ type: 'int' }) rateBp: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
