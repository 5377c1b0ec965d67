import { Column, Entity } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';
import type { AdminStatus } from '@kasuwa/contracts';

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
}
