import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One admin write: who, when, what, to which record, the fields before and after, and why. Append-only (a trigger). */
@Entity('audit_log')
@Index('audit_log_at_idx', ['at', 'id'])
@Index('audit_log_target_idx', ['targetType', 'targetId', 'at'])
@Index('audit_log_admin_idx', ['adminId', 'at'])
export class AuditLog {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @CreateDateColumn({ type: 'timestamptz' }) at: Date;
  @Column({ type: 'int', nullable: true }) adminId: number | null;
  @Column({ type: 'citext' }) adminEmail: string;
  @Column({ type: 'varchar', length: 60 }) action: string;
  @Column({ type: 'varchar', length: 40 }) targetType: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) targetId: string | null;
  @Column({ type: 'jsonb', nullable: true }) before: Record<string, unknown> | null;
  @Column({ type: 'jsonb', nullable: true }) after: Record<string, unknown> | null;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) requestId: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) clientIp: string | null;
}
