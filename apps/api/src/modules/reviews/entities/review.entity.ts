import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';

/** A buyer's rating of the seller of one completed order (migration 1764080000001). */
@Entity('review')
@Index('review_seller_idx', ['sellerId', 'createdAt', 'id'])
@Index('review_buyer_idx', ['buyerId'])
export class Review extends Timestamped {
  @Column({ type: 'int', unique: true }) orderId: number;
  @Column({ type: 'int' }) buyerId: number;
  @Column({ type: 'int' }) sellerId: number;
  @Column({ type: 'smallint' }) rating: number;
  @Column({ type: 'varchar', length: 1000, default: '' }) text: string;
  @Column({ type: 'varchar', length: 1000, nullable: true }) reply: string | null;
  @Column({ type: 'timestamptz', nullable: true }) repliedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) hiddenAt: Date | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) hiddenReason: string | null;
  @Column({ type: 'timestamptz', nullable: true }) editedAt: Date | null;
}

/** An admin hiding or restoring a review, with the reason (the review's moderation history). */
@Entity('review_moderation')
@Index('review_moderation_review_idx', ['reviewId', 'id'])
export class ReviewModeration {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) reviewId: number;
  @Column({ type: 'varchar', length: 10 }) action: 'hide' | 'restore';
  @Column({ type: 'varchar', length: 500 }) reason: string;
  @Column({ type: 'int', nullable: true }) adminId: number | null;
  @Column({ type: 'timestamptz', default: () => 'clock_timestamp()' }) createdAt: Date;
}
