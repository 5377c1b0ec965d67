import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Admin } from './admin.entity';

/** One of an admin's ten recovery codes, stored as its SHA-256; spent (usedAt) by the one sign-in it opens. */
@Entity('admin_recovery_code')
@Unique('admin_recovery_code_once', ['adminId', 'codeHash'])
export class AdminRecoveryCode {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) adminId: number;
  @ManyToOne(() => Admin, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'admin_id', foreignKeyConstraintName: 'admin_recovery_code_admin_id_fkey' })
  admin?: Admin;
  @Column({ type: 'char', length: 64 }) codeHash: string;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
