import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { SavedSearchQuery } from '@kasuwa/contracts';

/** A user's saved search (migration 1764080000005). */
@Entity('saved_search')
@Index('saved_search_user_idx', ['userId', 'id'])
export class SavedSearch {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) userId: number;
  @Column({ type: 'jsonb' }) query: SavedSearchQuery;
  @Column({ type: 'varchar', length: 200 }) label: string;
  @Column({ type: 'timestamptz', default: () => 'now()' }) checkedAt: Date;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** The daily e-mail sent to a user (one per user and Lagos day). */
@Entity('saved_search_digest')
export class SavedSearchDigest {
  @PrimaryColumn({ type: 'int' }) userId: number;
  @PrimaryColumn({ type: 'date' }) day: string;
  @Column({ type: 'int' }) listings: number;
  @Column({ type: 'timestamptz', default: () => 'now()' }) sentAt: Date;
}
