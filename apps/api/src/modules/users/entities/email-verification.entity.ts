import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A single-use e-mail verification link (only the token's SHA-256 is stored), good for the address it was sent to. */
@Entity('email_verification')
@Index('email_verification_token_key', { synchronize: false })
@Index('email_verification_user_idx', { synchronize: false })
export class EmailVerification {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) userId: number;
  @Column({ type: 'citext' }) email: string;
  @Column({ type: 'char', length: 64 }) tokenHash: string;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
