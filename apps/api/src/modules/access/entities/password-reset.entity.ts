import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A single-use reset token (only its SHA-256 is stored) for a user or an admin. */
@Entity('password_reset')
export class PasswordReset {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 5 }) subject: 'user' | 'admin';
  @Column({ type: 'int' }) subjectId: number;
  @Column({ type: 'char', length: 64 }) tokenHash: string;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
