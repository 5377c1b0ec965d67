import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { NotificationType } from '@kasuwa/contracts';

/** One line in a user's notification centre (migration 1764080000002). */
@Entity('notification')
@Index('notification_user_idx', ['userId', 'id'])
@Index('notification_unread_idx', ['userId'], { where: 'read_at IS NULL' })
export class Notification {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) userId: number;
  @Column({ type: 'varchar', length: 20 }) type: NotificationType;
  @Column({ type: 'varchar', length: 200 }) title: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) body: string;
  @Column({ type: 'varchar', length: 500, nullable: true }) link: string | null;
  @Column({ type: 'timestamptz', nullable: true }) readAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** A user's e-mail switch for one notification type; no row means on. */
@Entity('email_preference')
export class EmailPreference {
  @PrimaryColumn({ type: 'int' }) userId: number;
  @PrimaryColumn({ type: 'varchar', length: 20 }) type: NotificationType;
  @Column({ type: 'boolean' }) enabled: boolean;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
