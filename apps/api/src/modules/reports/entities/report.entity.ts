import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ReportAction, ReportReason, ReportTargetType } from '@kasuwa/contracts';

/** A user's report of a listing, a user or a conversation (migration 1764080000003). */
@Entity('report')
@Index('report_open_once', ['reporterId', 'targetType', 'targetId'], { unique: true, where: `status = 'open'` })
@Index('report_target_idx', ['targetType', 'targetId', 'status'])
@Index('report_queue_idx', ['status', 'createdAt', 'id'])
@Index('report_reporter_idx', ['reporterId', 'targetType', 'createdAt'])
export class Report {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) reporterId: number;
  @Column({ type: 'varchar', length: 12 }) targetType: ReportTargetType;
  @Column({ type: 'int' }) targetId: number;
  @Column({ type: 'varchar', length: 20 }) reason: ReportReason;
  @Column({ type: 'varchar', length: 2000, default: '' }) text: string;
  @Column({ type: 'varchar', length: 10, default: 'open' }) status: 'open' | 'resolved';
  @Column({ type: 'varchar', length: 16, nullable: true }) action: ReportAction | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) decisionReason: string | null;
  @Column({ type: 'int', nullable: true }) decidedBy: number | null;
  @Column({ type: 'timestamptz', nullable: true }) decidedAt: Date | null;
  /** What this report weighs toward the automatic hold of a listing (0: it does not count; migration 1764180000001). */
  @Column({ type: 'numeric', precision: 4, scale: 2, default: 0 }) weight: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
