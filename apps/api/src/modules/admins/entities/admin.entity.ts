import { Column, Entity } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';
import type { AdminRole, AdminStatus } from '@kasuwa/contracts';

/** A back-office account. Signup creates it `pending`; only an active admin can approve it. */
@Entity('admin')
export class Admin extends Timestamped {
  @Column({ type: 'citext' }) email: string;
  @Column({ type: 'text', select: false }) passwordHash: string;
  @Column({ type: 'varchar', length: 80 }) firstName: string;
  @Column({ type: 'varchar', length: 80 }) lastName: string;
  @Column({ type: 'varchar', length: 20, nullable: true }) phone: string | null;
  @Column({ type: 'varchar', length: 10, default: 'pending' }) status: AdminStatus;
  @Column({ type: 'int', default: 0 }) tokenVersion: number;
  @Column({ type: 'int', nullable: true }) decidedBy: number | null;
  @Column({ type: 'timestamptz', nullable: true }) decidedAt: Date | null;
  /** What this admin may open (the role map in the contracts). */
  @Column({ type: 'varchar', length: 10, default: 'support' }) role: AdminRole;
  /** The TOTP secret, sealed (SecretBox); never selected unless asked for. Live once totpEnabledAt is set. */
  @Column({ type: 'text', nullable: true, select: false }) totpSecret: string | null;
  @Column({ type: 'timestamptz', nullable: true }) totpEnabledAt: Date | null;
  /** The last TOTP step a sign-in used: a code is refused at or before it, so each works once. */
  @Column({ type: 'bigint', nullable: true, select: false }) totpLastStep: string | null;
  /** Wrong codes since otpFailuresSince (a 15-minute window), for the wrong-code limit. */
  @Column({ type: 'int', default: 0, select: false }) otpFailures: number;
  @Column({ type: 'timestamptz', nullable: true, select: false }) otpFailuresSince: Date | null;
}
