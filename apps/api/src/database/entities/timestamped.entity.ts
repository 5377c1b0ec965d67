import { CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * What most tables start with: a serial id and when the row was created and last changed (timestamptz, set by
 * TypeORM). Not an entity itself; an entity that extends it gets the three columns (concrete-table inheritance).
 */
export abstract class Timestamped {
  @PrimaryGeneratedColumn() id: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
