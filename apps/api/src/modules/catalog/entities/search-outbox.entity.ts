import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A listing changed (filled by triggers on product, migration 1764060000001); drained by the search-outbox job. */
@Entity('search_outbox')
@Check('search_outbox_op_check', `op IN ('upsert', 'delete')`)
export class SearchOutbox {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ type: 'integer' }) productId: number;
  @Column({ type: 'varchar', length: 6 }) op: 'upsert' | 'delete';
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
