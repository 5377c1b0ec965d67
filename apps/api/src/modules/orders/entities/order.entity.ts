import { CARRIERS, ORDER_STATUSES, type Carrier, type OrderPaymentStatus, type OrderStatus } from '@kasuwa/contracts';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';
import { User } from '../../users/entities/user.entity';
import { CheckoutSession } from './checkout-session.entity';
import { LocationLga, LocationState } from '../../locations/entities/location.entity';

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(',');

/**
 * One order per seller of a checkout; money in integer kobo (bigint, read as strings). The indexes and checks are the
 * buying and money migrations' (the schema-drift test compares them): searched by buyer, seller, checkout, status and
 * order number (trigram), paid orders by day, the auto-release scan of delivered, unreleased orders, the ship-by scan and each seller's missed ship-by deadlines.
 */
@Entity('order')
@Check('order_status_check', `status IN (${quoted(ORDER_STATUSES)})`)
@Check('order_payment_status_check', `payment_status IN ('pending','paid','expired','cancelled','refund_due')`)
@Check('order_total_kobo_check', `total_kobo >= 0`)
@Check('order_currency_check', `currency = 'NGN'`)
@Check('order_delivery_days_check', `delivery_days >= 0`)
@Check('order_commission_kobo_check', `commission_kobo >= 0`)
@Check('order_delivery_method_check', `delivery_method IN ('pickup','seller_delivery','pay_on_delivery')`)
@Check('order_delivery_zone_check', `delivery_zone IN ('lga','state','other')`)
@Check('order_delivery_fee_kobo_check', `delivery_fee_kobo >= 0`)
@Check('order_carrier_check', `carrier IN (${quoted(CARRIERS)})`)
@Check('order_tracking_check', `(tracking_number IS NULL OR carrier IS NOT NULL) AND (carrier_name IS NULL OR carrier = 'other')`)
@Check(
  'order_pod_outcome_check',
  `(cash_received_at IS NULL AND delivery_refused_at IS NULL) OR (delivery_method = 'pay_on_delivery' AND (cash_received_at IS NULL OR delivery_refused_at IS NULL))`,
)
@Index('order_buyer_idx', { synchronize: false })
@Index('order_seller_idx', { synchronize: false })
@Index('order_session_idx', { synchronize: false })
@Index('order_created_idx', { synchronize: false })
@Index('order_status_idx', { synchronize: false })
@Index('order_paid_idx', { synchronize: false })
@Index('order_number_trgm_idx', { synchronize: false })
@Index('order_release_due_idx', { synchronize: false })
@Index('order_ship_by_due_idx', { synchronize: false })
@Index('order_ship_by_missed_idx', { synchronize: false })
@Index('order_pod_buyer_idx', { synchronize: false })
export class Order extends Timestamped {
  @Column({ type: 'varchar', length: 24, unique: true, default: () => 'next_order_number()' }) orderNumber: string;
  @Column({ type: 'int' }) checkoutSessionId: number;
  @ManyToOne(() => CheckoutSession)
  @JoinColumn({ name: 'checkout_session_id', foreignKeyConstraintName: 'order_checkout_session_id_fkey' })
  checkoutSession?: CheckoutSession;
  @Column({ type: 'int' }) buyerId: number;
  @ManyToOne(() => User) @JoinColumn({ name: 'buyer_id', foreignKeyConstraintName: 'order_buyer_id_fkey' }) buyer?: User;
  @Column({ type: 'int' }) sellerId: number;
  @ManyToOne(() => User) @JoinColumn({ name: 'seller_id', foreignKeyConstraintName: 'order_seller_id_fkey' }) seller?: User;
  @Column({ type: 'varchar', length: 20, default: 'pending' }) status: OrderStatus;
  @Column({ type: 'varchar', length: 12, default: 'pending' }) paymentStatus: OrderPaymentStatus;
  @Column({ type: 'bigint' }) totalKobo: string;
  @Column({ type: 'char', length: 3, default: 'NGN' }) currency: string;
  @Column({ type: 'int', nullable: true }) deliveryDays: number | null;
  @Column({ type: 'text' }) shippingAddress: string;
  @Column({ type: 'varchar', length: 20 }) receiverPhoneNumber: string;
  @Column({ type: 'varchar', length: 120 }) deliveryRegion: string;
  /** The structured address (null on orders from before it: they keep their free text). */
  @Column({ type: 'smallint', nullable: true }) stateId: number | null;
  @ManyToOne(() => LocationState, { nullable: true })
  @JoinColumn({ name: 'state_id', foreignKeyConstraintName: 'order_state_id_fkey' })
  state?: LocationState | null;
  @Column({ type: 'int', nullable: true }) lgaId: number | null;
  @ManyToOne(() => LocationLga, { nullable: true })
  @JoinColumn({ name: 'lga_id', foreignKeyConstraintName: 'order_lga_id_fkey' })
  lga?: LocationLga | null;
  @Column({ type: 'varchar', length: 120, nullable: true }) landmark: string | null;
  /** How the goods reach the buyer, the zone the fee was read for, and the fee (paid online with the goods, held in escrow). Null method: an order from before delivery options (the product's fee, paid on receipt). */
  @Column({ type: 'varchar', length: 16, nullable: true }) deliveryMethod: 'pickup' | 'seller_delivery' | 'pay_on_delivery' | null;
  @Column({ type: 'varchar', length: 6, nullable: true }) deliveryZone: 'lga' | 'state' | 'other' | null;
  @Column({ type: 'bigint', default: '0' }) deliveryFeeKobo: string;
  @Column({ type: 'timestamptz', nullable: true }) paidAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) stockReleasedAt: Date | null;
  @Column({ type: 'bigint', default: '0' }) commissionKobo: string;
  /** When the goods left the seller (first move to shipped or on the way): a seller-delivery order's clock runs from it. */
  @Column({ type: 'timestamptz', nullable: true }) shippedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) deliveredAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) releasedAt: Date | null;
  /** Money clock (EscrowService, OrderClockFlow): the deadlines set when they start, and each reminder's once-only mark. */
  @Column({ type: 'timestamptz', nullable: true }) shipByAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) releaseAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) shipRemindedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) releaseRemindedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) shipByMissedAt: Date | null;
  /** Tracking on shipped orders (OrderTrackingService): who carries it, `other`'s name, the carrier's number. */
  @Column({ type: 'varchar', length: 20, nullable: true }) carrier: Carrier | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) carrierName: string | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) trackingNumber: string | null;
  /** Pay on delivery (PayOnDeliveryFlow): how it ended, the cash confirmed by the seller or the goods refused at the door. */
  @Column({ type: 'timestamptz', nullable: true }) cashReceivedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) deliveryRefusedAt: Date | null;
}
