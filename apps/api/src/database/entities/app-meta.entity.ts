import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Small facts the app keeps about itself (e.g. that the demo data was seeded). */
@Entity('app_meta')
export class AppMeta {
  @PrimaryColumn({ type: 'text' }) key: string;
  @Column({ type: 'text' }) value: string;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
