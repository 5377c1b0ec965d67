import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { OfferStatus } from '@kasuwa/contracts';
import type { StoredImage } from '../../catalog/entities/product.entity';

/** One chat per listing and buyer (migration 1764080000004). */
@Entity('conversation')
@Index('conversation_product_buyer_key', ['productId', 'buyerId'], { unique: true })
@Index('conversation_buyer_idx', ['buyerId', 'lastMessageAt'])
@Index('conversation_seller_idx', ['sellerId', 'lastMessageAt'])
export class Conversation {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int', nullable: true }) productId: number | null;
  @Column({ type: 'int' }) buyerId: number;
  @Column({ type: 'int' }) sellerId: number;
  @Column({ type: 'timestamptz', nullable: true }) lastMessageAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) buyerReadAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) sellerReadAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) buyerEmailedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) sellerEmailedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** A text, photo or offer in a conversation. */
@Entity('message')
@Index('message_conversation_idx', ['conversationId', 'id'])
@Index('message_sender_idx', ['senderId', 'createdAt'])
// One open offer per buyer and listing (a conversation is one of each); the buyer's next offer replaces it.
@Index('message_one_open_offer', ['conversationId'], { unique: true, where: `kind = 'offer' AND offer_status = 'pending'` })
export class Message {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) conversationId: number;
  @Column({ type: 'int' }) senderId: number;
  @Column({ type: 'varchar', length: 8 }) kind: 'text' | 'photo' | 'offer';
  @Column({ type: 'varchar', length: 2000, nullable: true }) text: string | null;
  @Column({ type: 'jsonb', nullable: true }) photo: StoredImage | null;
  @Column({ type: 'bigint', nullable: true }) offerKobo: string | null;
  @Column({ type: 'varchar', length: 10, nullable: true }) offerStatus: OfferStatus | null;
  /** The scam warning its reader sees, computed when stored (./scam-warning; migration 1764210000001). */
  @Column({ type: 'varchar', length: 200, nullable: true }) warning: string | null;
  @Column({ type: 'timestamptz', default: () => 'clock_timestamp()' }) createdAt: Date;
}

/** One user blocking another: no messages either way. */
@Entity('user_block')
@Index('user_block_blocked_idx', ['blockedId'])
export class UserBlock {
  @PrimaryColumn({ type: 'int' }) blockerId: number;
  @PrimaryColumn({ type: 'int' }) blockedId: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** An accepted offer: the buyer's price for their next checkout of that listing. */
@Entity('offer_price')
@Index('offer_price_product_idx', ['productId'])
@Index('offer_price_message_idx', ['messageId'])
export class OfferPrice {
  @PrimaryColumn({ type: 'int' }) buyerId: number;
  @PrimaryColumn({ type: 'int' }) productId: number;
  @Column({ type: 'bigint' }) priceKobo: string;
  @Column({ type: 'int' }) messageId: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
