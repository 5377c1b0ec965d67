import { Column, Entity } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';
import type { ContactChannels, Gender, UserStatus } from '@kasuwa/contracts';

/** A buyer and seller account. `tokenVersion` is bumped to end every session (suspend, delete, password reset). */
@Entity('app_user')
export class User extends Timestamped {
  @Column({ type: 'citext' }) email: string;
  @Column({ type: 'text', nullable: true, select: false }) passwordHash: string | null;
  @Column({ type: 'text', nullable: true }) googleId: string | null;
  @Column({ type: 'varchar', length: 80, nullable: true }) firstName: string | null;
  @Column({ type: 'varchar', length: 80, nullable: true }) lastName: string | null;
  @Column({ type: 'text', nullable: true }) profileImage: string | null;
  @Column({ type: 'varchar', length: 20, nullable: true }) phone: string | null;
  @Column({ type: 'varchar', length: 6, nullable: true }) gender: Gender | null;
  /** Free text typed before payout accounts existed: shown as unconfirmed, never paid to (rule "one place for bank details"). */
  @Column({ type: 'varchar', length: 100, nullable: true }) bankName: string | null;
  @Column({ type: 'varchar', length: 10, nullable: true }) bankAccountNumber: string | null;
  @Column({ type: 'varchar', length: 120, nullable: true }) bankAccountName: string | null;
  @Column({ type: 'jsonb', default: {} }) contactChannels: ContactChannels;
  @Column({ type: 'varchar', length: 12, default: 'active' }) status: UserStatus;
  @Column({ type: 'int', default: 0 }) tokenVersion: number;
  /** Rule "verified people" (migration 1764160000001): when the e-mail link and the SMS code were confirmed; the verified number, E.164. */
  @Column({ type: 'timestamptz', nullable: true }) emailVerifiedAt: Date | null;
  @Column({ type: 'varchar', length: 16, nullable: true }) phoneE164: string | null;
  @Column({ type: 'timestamptz', nullable: true }) phoneVerifiedAt: Date | null;
  /** Visible reviews' count and star sum, and hidden reviews (trigger of migration 1764080000001). */
  /** Seller counters kept by triggers (migration 1763800040000): active listings, completed orders. */
  @Column({ type: 'int', default: 0 }) activeListings: number;
  @Column({ type: 'int', default: 0 }) completedOrders: number;
  @Column({ type: 'int', default: 0 }) ratingCount: number;
  @Column({ type: 'int', default: 0 }) ratingSum: number;
  @Column({ type: 'int', default: 0 }) ratingHidden: number;
}

export function fullNameOf(u: { firstName: string | null; lastName: string | null; email?: string }): string {
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return name || (u.email ? u.email.split('@')[0] : '');
}

/**
 * A phone-first account has no e-mail address until it gives one: its `email` is then a unique placeholder in this
 * `.invalid` domain (RFC 2606: never delivered; the mail service skips it), and it counts as unverified.
 */
export const NO_EMAIL_DOMAIN = 'phone.kasuwa.invalid';
export const hasEmailAddress = (email: string): boolean => !email.endsWith(`@${NO_EMAIL_DOMAIN}`);
