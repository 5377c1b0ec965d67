import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A listing a user saved (one row per user and listing). */
@Entity('favourite')
export class Favourite {
  @PrimaryColumn({ type: 'int' }) userId: number;
  @PrimaryColumn({ type: 'int' }) productId: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
