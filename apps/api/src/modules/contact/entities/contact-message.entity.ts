import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('contact_message')
export class ContactMessage {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @Column({ type: 'varchar', length: 120, nullable: true }) name: string | null;
  @Column({ type: 'citext' }) email: string;
  @Column({ type: 'varchar', length: 200 }) subject: string;
  @Column({ type: 'text' }) message: string;
  @Column({ type: 'boolean', default: false }) isRead: boolean;
  @Column({ type: 'timestamptz', nullable: true }) repliedAt: Date | null;
  @Column({ type: 'text', nullable: true }) reply: string | null;
  @Column({ type: 'int', nullable: true }) repliedBy: number | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
