import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  CARRIER_NAME_MAX,
  CARRIERS,
  NIGERIAN_PHONE,
  normalisePhone,
  ORDER_STATUSES,
  TRACKING_NUMBER,
  TRACKING_NUMBER_MESSAGE,
  type AdminOrderUpdateRequest,
  type Carrier,
  type CreateOrderRequest,
  type DeliveryMethod,
  type OrderStatus,
  type OrderTrackingRequest,
  type UpdateOrderStatusRequest,
} from '@kasuwa/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateOrderDto implements CreateOrderRequest {
  @ApiProperty({ example: '12 Admiralty Way, Lekki Phase 1' })
  @Transform(trim)
  @MaxLength(500)
  @IsString({ message: 'Enter the shipping address' })
  @IsNotEmpty({ message: 'Enter the shipping address' })
  shippingAddress: string;

  @ApiProperty({ example: '0803 123 4567' })
  @Transform(({ value }) => (typeof value === 'string' ? normalisePhone(value) : value))
  @IsString({ message: 'Enter the receiver’s phone number' })
  @Matches(NIGERIAN_PHONE, { message: 'Enter a Nigerian phone number, e.g. 0803 123 4567 or +234 803 123 4567' })
  receiverPhoneNumber: string;

  @ApiProperty({ example: 'Lagos, Lekki' })
  @Transform(trim)
  @MaxLength(120)
  @IsString({ message: 'Enter the delivery state and city' })
  @IsNotEmpty({ message: 'Enter the delivery state and city' })
  deliveryRegion: string;

  @ApiPropertyOptional({
    example: 25,
    description: "The address's state; with lgaId, the delivery fee is computed (docs/delivery.md: Delivery)",
  })
  @IsOptional()
  @IsInt({ message: 'Choose a state from the list' })
  @Min(1, { message: 'Choose a state from the list' })
  @Max(2147483647, { message: 'Choose a state from the list' })
  stateId?: number;

  @ApiPropertyOptional({ example: 250008 })
  @IsOptional()
  @IsInt({ message: 'Choose a local government area from the list' })
  @Min(1, { message: 'Choose a local government area from the list' })
  @Max(2147483647, { message: 'Choose a local government area from the list' })
  lgaId?: number;

  @ApiPropertyOptional({ example: 'Opposite the filling station' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(120)
  landmark?: string | null;

  @ApiPropertyOptional({
    example: { '12': 'pickup' },
    description:
      'Delivery method per seller id: pickup, seller_delivery or pay_on_delivery; a seller left out gets the cheapest option (never pay on delivery)',
  })
  @IsOptional()
  @IsObject({ message: 'Choose a delivery method per seller' })
  delivery?: Record<string, DeliveryMethod>;
}

/** Trimmed; an empty answer is no answer (the tracking number and carrier name are optional). */
const trimToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
const CARRIER_MESSAGE = `Carrier must be one of: ${CARRIERS.join(', ')}`;

/** Tracking on shipped orders: the rules of each field, shared by the status change and the seller's correction. */
const TrackingNumberField = () =>
  applyDecorators(
    ApiPropertyOptional({ example: '1234567890', description: '3–40 letters, digits, dashes or spaces (trimmed)', nullable: true }),
    IsOptional(),
    Transform(trimToNull),
    IsString({ message: TRACKING_NUMBER_MESSAGE }),
    Matches(TRACKING_NUMBER, { message: TRACKING_NUMBER_MESSAGE }),
  );
const CarrierNameField = () =>
  applyDecorators(
    ApiPropertyOptional({
      example: 'Peace Mass Transit',
      description: `Only for carrier "other", at most ${CARRIER_NAME_MAX} characters`,
      nullable: true,
    }),
    IsOptional(),
    Transform(trimToNull),
    IsString({ message: 'Enter the carrier’s name' }),
    MaxLength(CARRIER_NAME_MAX, { message: `Keep the carrier’s name to ${CARRIER_NAME_MAX} characters` }),
    // Control characters would reach the buyer's page and e-mail as they are.
    Matches(/^[^\p{Cc}]*$/u, { message: 'The carrier’s name has characters that cannot be shown' }),
  );

/** `PUT /api/orders/{id}/tracking`: the seller corrects the carrier and tracking number of a shipped order. */
export class OrderTrackingDto implements OrderTrackingRequest {
  @ApiProperty({ enum: CARRIERS })
  @IsIn(CARRIERS, { message: CARRIER_MESSAGE })
  carrier: Carrier;

  @TrackingNumberField()
  trackingNumber?: string | null;

  @CarrierNameField()
  carrierName?: string | null;
}

const STATUS_MESSAGE = `Status must be one of: ${ORDER_STATUSES.join(', ')}`;

/** `paymentStatus` names the new ORDER status (the product API calls); `status` is accepted too. */
export class UpdateOrderStatusDto implements UpdateOrderStatusRequest {
  @ApiPropertyOptional({ enum: ORDER_STATUSES, description: 'The new ORDER status (the spec names it paymentStatus)' })
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: STATUS_MESSAGE })
  paymentStatus?: OrderStatus;

  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: STATUS_MESSAGE })
  status?: OrderStatus;

  @ApiPropertyOptional({ description: 'Required for admins' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  reason?: string;

  /** Accepted for compatibility and ignored: the role comes from who calls. */
  @IsOptional()
  @IsIn(['buyer', 'seller'])
  role?: 'buyer' | 'seller';

  @ApiPropertyOptional({ enum: CARRIERS, description: 'Only with the move to shipped: who carries the order' })
  @IsOptional()
  @IsIn(CARRIERS, { message: CARRIER_MESSAGE })
  carrier?: Carrier;

  @TrackingNumberField()
  trackingNumber?: string | null;

  @CarrierNameField()
  carrierName?: string | null;
}

/** Back-office PUT /api/admin/orders/{id}: react-admin sends the whole record; only these two fields are read. */
export class AdminOrderUpdateDto implements AdminOrderUpdateRequest {
  @ApiProperty({ enum: ORDER_STATUSES })
  @IsIn(ORDER_STATUSES, { message: STATUS_MESSAGE })
  status: OrderStatus;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(500)
  @IsString({ message: 'Give a reason for the change' })
  @IsNotEmpty({ message: 'Give a reason for the change' })
  reason: string;
}

/** `POST /api/orders/{id}/delivery-refused`: what happened at the door, kept in the order's history (optional). */
export class DeliveryRefusedDto {
  @ApiPropertyOptional({ example: 'The buyer said the colour was wrong', nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @IsString({ message: 'Say in words what happened at the door' })
  @MaxLength(300, { message: 'Keep it to 300 characters' })
  @Matches(/^[^\p{Cc}]*$/u, { message: 'The note has characters that cannot be shown' })
  reason?: string | null;
}
