import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Every mail the product sends, so nothing is silently dropped when SMTP is not configured. */
@Entity('mail_outbox')
export class MailOutbox {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'text' }) recipient: string;
  @Column({ type: 'text' }) subject: string;
  @Column({ type: 'text' }) body: string;
  @Column({ type: 'varchar', length: 10, default: 'queued' }) status: 'queued' | 'sent' | 'failed' | 'logged';
  @Column({ type: 'text', nullable: true }) error: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) sentAt: Date | null;
}
