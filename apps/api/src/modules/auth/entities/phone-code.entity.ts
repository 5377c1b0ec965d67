import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A 6-digit SMS code for a number (E.164), stored as an HMAC, with its wrong tries counted; only the newest open one counts. */
@Entity('phone_code')
@Index('phone_code_phone_idx', { synchronize: false })
export class PhoneCode {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 16 }) phone: string;
  @Column({ type: 'char', length: 64 }) codeHash: string;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
