import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A commission note shown to sellers as the platform agreement on the product form. */
@Entity('commission')
export class Commission {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'text' }) note: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
