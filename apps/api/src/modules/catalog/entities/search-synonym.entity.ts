import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A group of words meaning the same thing to a buyer ("okada", "motorcycle", "motorbike"); search expands each to all. */
@Entity('search_synonym')
export class SearchSynonym {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'text', array: true }) terms: string[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
