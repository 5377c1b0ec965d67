import { CreateDateColumn, Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Every SMS when no SMS provider is configured (development): the number and the text, like `mail_outbox`. */
@Entity('sms_outbox')
export class SmsOutbox {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 16 }) recipient: string;
  @Column({ type: 'text' }) body: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
