import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type PhoneCodePurpose = 'verify' | 'step_up';

/** A 6-digit SMS code for a number (E.164), stored as an HMAC, with its wrong tries counted; only the newest open one counts. */
@Entity('phone_code')
@Check('phone_code_purpose_check', `purpose IN ('verify', 'step_up')`)
@Index('phone_code_phone_idx', { synchronize: false })
export class PhoneCode {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 16 }) phone: string;
  @Column({ type: 'char', length: 64 }) codeHash: string;
  /** `verify` signs in or proves the number; `step_up` approves one money move (a payout account, a withdrawal). */
  @Column({ type: 'varchar', length: 8, default: 'verify' }) purpose: PhoneCodePurpose;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
