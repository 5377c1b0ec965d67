import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ContactChannels, Gender, UserStatus } from '@kasuwa/contracts';

/** A buyer and seller account. `tokenVersion` is bumped to end every session (suspend, delete, password reset). */
@Entity('app_user')
export class User {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'citext' }) email: string;
  @Column({ type: 'text', nullable: true, select: false }) passwordHash: string | null;
  @Column({ type: 'text', nullable: true }) googleId: string | null;
  @Column({ type: 'varchar', nullable: true }) firstName: string | null;
  @Column({ type: 'varchar', nullable: true }) lastName: string | null;
  @Column({ type: 'text', nullable: true }) profileImage: string | null;
  @Column({ type: 'varchar', nullable: true }) phone: string | null;
  @Column({ type: 'varchar', nullable: true }) gender: Gender | null;
  @Column({ type: 'varchar', nullable: true }) bankName: string | null;
  @Column({ type: 'varchar', nullable: true }) bankAccountNumber: string | null;
  @Column({ type: 'varchar', nullable: true }) bankAccountName: string | null;
  @Column({ type: 'jsonb', default: {} }) contactChannels: ContactChannels;
  @Column({ type: 'varchar', default: 'active' }) status: UserStatus;
  @Column({ type: 'int', default: 0 }) tokenVersion: number;
  /** Visible reviews' count and star sum, and hidden reviews (trigger of migration 1764080000001). */
  @Column({ type: 'int', default: 0 }) ratingCount: number;
  @Column({ type: 'int', default: 0 }) ratingSum: number;
  @Column({ type: 'int', default: 0 }) ratingHidden: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

export function fullNameOf(u: { firstName: string | null; lastName: string | null; email?: string }): string {
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return name || (u.email ? u.email.split('@')[0] : '');
}
