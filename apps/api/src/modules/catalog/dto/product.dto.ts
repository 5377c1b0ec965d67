import { applyDecorators } from '@nestjs/common';
import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform, Type } from 'class-transformer';
import {
  Equals,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import {
  PRICE_FORMAT_MESSAGE,
  PRICE_RANGE_MESSAGE,
  PRODUCT_CONDITIONS,
  PRODUCT_SORTS,
  readNairaPrice,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  type ProductCondition,
  type ProductSort,
  type ProductStatus,
  type ProductType,
  readListingDelivery,
  type ListingDelivery,
  type AdminUpdateProductRequest,
  type BlockProductRequest,
  type PriceHintQuery,
  type CreateProductRequest,
  type ProductQuery,
  type ProductAttributes,
  type UpdateProductRequest,
} from '@kasuwa/contracts';
import { FieldValidationError, invalidField } from '../../../common/errors';
import { assertCleanInput } from '../../../common/input-guard';
import { attrParams, parseAttributesField } from '../category-attributes';

const CONDITION_MESSAGE = 'Condition must be brand_new, foreign_used or nigerian_used';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
/** Naira with at most 2 decimals, up to ₦1,000,000,000 — the column's own check (price_kobo <= 100000000000); above is a typo, not a price. */
const PRICE = /^(?:(?:0|[1-9]\d{0,8})(?:\.\d{1,2})?|1000000000(?:\.0{1,2})?)$/;
const PRICE_DESCRIPTION = 'naira as typed: "45000", "45,000", "₦45,000", "N45,000", "45,000.00", "45k", "1.2m"; answered as "45000.00"';
/** Why a price was refused: not a naira amount (null and lists included), or outside the limits. */
function priceProblem(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return PRICE_FORMAT_MESSAGE;
  const read = readNairaPrice(String(value));
  return read.ok ? PRICE_RANGE_MESSAGE : read.message;
}
/**
 * A listing price as people write naira, read by the one parser the product form uses (readNairaPrice), so the form
 * and the API accept the same texts and say the same thing about the rest. What it reads becomes "45000.00", which
 * must then pass PRICE (the column's limits) — the last word stays here. A number in a JSON body is read as its text.
 */
const NairaPrice = () =>
  applyDecorators(
    Transform(({ value }) => {
      if (typeof value !== 'string' && typeof value !== 'number') return value;
      const read = readNairaPrice(String(value));
      return read.ok ? read.naira : value;
    }),
    ValidateBy({
      name: 'isNairaPrice',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && PRICE.test(value),
        defaultMessage: (args) => priceProblem(args?.value),
      },
    }),
  );
/** Optional, but not nullable: an edit may leave a field out, never blank a NOT NULL column with `null`. */
const Omittable = () => ValidateIf((_: object, value: unknown) => value !== undefined);
/** Multipart sends text: '' or 'null' clears the category (null), digits become a number, anything else stays to fail IsInt. */
const toCategoryId = ({ value }: { value: unknown }) =>
  value === '' || value === 'null' || value === null ? null : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

/** Multipart sends text: digits become a number, '' is "not sent", anything else stays to fail IsInt. */
const toId = ({ value }: { value: unknown }) =>
  value === '' ? undefined : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
/**
 * An id (a state, city, LGA or category): a whole number within its column (smallint for states, int for the rest),
 * one message for every way it is wrong. `given`: how the API describes it, whether it may be left out, how the sent
 * text becomes a number.
 */
const IdField = (message: string, max: number, ...given: PropertyDecorator[]) =>
  applyDecorators(...given, IsInt({ message }), Min(1, { message }), Max(max, { message }));
const SMALLINT_MAX = 32767;
const INT_MAX = 2147483647;
/** The listing's state, city and LGA (ids from `GET /api/locations`); they replace `productLocation`, which is built from them. */
const PlaceId = (message: string, max: number, description: string) =>
  IdField(message, max, ApiPropertyOptional({ type: 'integer', description }), IsOptional(), Transform(toId));
const StateId = () => PlaceId('Choose a state from the list', SMALLINT_MAX, 'from GET /api/locations');
const CityId = () => PlaceId('Choose a city or area from the list', INT_MAX, 'from GET /api/locations; must be in stateId');
const LgaId = () =>
  PlaceId('Choose a local government area from the list', INT_MAX, 'from GET /api/locations/{stateId}/lgas; must be in stateId');
/** An id in a query string: `required`, or else it may be left out. */
const QueryId = (message: string, max: number, description: string, required = false) =>
  IdField(
    message,
    max,
    ...(required ? [ApiProperty({ type: 'integer', description })] : [ApiPropertyOptional({ type: 'integer', description }), IsOptional()]),
    Type(() => Number),
  );

/** A multipart form sends the options as JSON text (a JSON body as an object); far longer than any real options is refused unread. */
const MAX_DELIVERY_JSON = 2000;
/**
 * The listing's delivery options, checked here (the one rule the form shares, readListingDelivery): each problem is a
 * 422 naming its field (`delivery.sellerDelivery.state.fee`). Empty or null = not sent.
 */
const toDelivery = ({ value }: { value: unknown }): ListingDelivery | undefined => {
  if (value === undefined || value === null || value === '' || value === 'null') return undefined;
  let parsed = value;
  if (typeof value === 'string') {
    if (value.length > MAX_DELIVERY_JSON) throw invalidField('delivery', 'Delivery options are too long');
    try {
      parsed = JSON.parse(value);
    } catch {
      throw invalidField('delivery', 'Delivery must be JSON: {"pickup":…,"sellerDelivery":{…},"payOnDelivery":…}');
    }
    // The text's own contents pass the guard every request body passes (nesting, NUL, reserved keys).
    assertCleanInput(parsed, 'delivery');
  }
  const read = readListingDelivery(parsed);
  if (!read.delivery) throw new FieldValidationError(read.errors);
  return read.delivery;
};
const Delivery = () =>
  applyDecorators(
    ApiPropertyOptional({
      description:
        'ListingDelivery as JSON: {"pickup":true,"sellerDelivery":{"lga":{"fee":1500,"days":1},"state":null,"other":null},"payOnDelivery":false}; fees in whole naira',
    }),
    IsOptional(),
    Transform(toDelivery),
    IsObject(),
  );

/** The listing's attributes: a JSON object (text in a multipart form), checked against the category's definitions by the service. */
const Attributes = () =>
  applyDecorators(
    ApiPropertyOptional({ description: 'JSON object of the category\'s attributes: {"make":"Toyota","year":2012,"mileage":85000}' }),
    IsOptional(),
    Transform(({ value }) => parseAttributesField(value)),
    IsObject({ message: 'Attributes must be an object of name and value' }),
  );

/** Without ids, `productLocation` must name a place on the list (older clients, the product's field). */
const NeedsText = () =>
  ValidateIf(
    (o: { stateId?: unknown; cityId?: unknown; productLocation?: unknown }) =>
      (o.stateId === undefined && o.cityId === undefined) || o.productLocation !== undefined,
  );

/*
 * The checks the listing's create and edit forms share, one decorator a field. Each caller adds whether the field may
 * be left out (IsOptional: its default applies; Omittable: an edit leaves it as it is; NeedsText) and how the API
 * describes it. The checks are listed in the order they run: a field's answer is its first failing check's message.
 */
const ListingName = (...given: PropertyDecorator[]) =>
  applyDecorators(IsNotEmpty({ message: 'Item name is required' }), IsString(), MaxLength(120), Transform(trim), ...given);
const Currency = (...given: PropertyDecorator[]) =>
  applyDecorators(IsIn(['NGN'], { message: 'Only NGN is supported' }), Transform(trim), ...given);
const Description = (presence: PropertyDecorator) =>
  applyDecorators(MaxLength(5000), IsString(), presence, Transform(trim), ApiPropertyOptional());
const ListingLocation = (...given: PropertyDecorator[]) =>
  applyDecorators(IsNotEmpty({ message: 'Location is required' }), IsString(), MaxLength(120), Transform(trim), ...given);
const CategoryId = () =>
  applyDecorators(IsInt({ message: 'Category must be a category id' }), Transform(toCategoryId), IsOptional(), ApiPropertyOptional());
const Quantity = (...given: PropertyDecorator[]) =>
  applyDecorators(
    Max(100000),
    Min(0),
    IsInt({ message: 'Quantity must be a whole number' }),
    Type(() => Number),
    ...given,
  );
const ListingType = (...given: PropertyDecorator[]) =>
  applyDecorators(IsIn(PRODUCT_TYPES, { message: 'Product type must be new or used' }), Transform(lower), ...given);
const Condition = (api: PropertyDecorator) =>
  applyDecorators(IsIn(PRODUCT_CONDITIONS, { message: CONDITION_MESSAGE }), Transform(lower), IsOptional(), api);

/** The fields the create and edit forms take alike (all may be left out): the place, delivery, attributes, category. */
abstract class ListingSharedFields {
  @StateId() stateId?: number;
  @CityId() cityId?: number;
  @LgaId() lgaId?: number;
  @Delivery() delivery?: ListingDelivery;
  @Attributes() attributes?: ProductAttributes;
  @CategoryId() productCategoryID?: number | null;
}

/** Multipart fields of `POST /api/products` (files come as `productImages`). */
export class CreateProductDto extends ListingSharedFields implements CreateProductRequest {
  @ListingName(ApiProperty()) productName: string;
  @ApiProperty({ example: '45,000', description: PRICE_DESCRIPTION }) @NairaPrice() productPrice: string;
  @Currency(IsOptional(), ApiPropertyOptional({ enum: ['NGN'], default: 'NGN' })) productCurrency?: 'NGN';
  @Description(IsOptional()) productDescription?: string;
  @ListingLocation(
    NeedsText(),
    ApiPropertyOptional({ description: 'built from stateId and cityId when they are sent; else must name a place on the list' }),
  )
  productLocation?: string;
  @Quantity(IsOptional(), ApiPropertyOptional({ default: 1 })) productQuantity?: number;
  @ListingType(IsOptional(), ApiPropertyOptional({ enum: PRODUCT_TYPES, default: 'new' })) productType?: ProductType;
  @Condition(
    ApiPropertyOptional({
      enum: PRODUCT_CONDITIONS,
      description: 'decides productType; default brand_new (or nigerian_used when productType is used)',
    }),
  )
  productCondition?: ProductCondition;
  @ApiProperty({ enum: ['agreed'] })
  @Equals('agreed', { message: 'You must agree to the platform commission' })
  platformCommissionAgreement: 'agreed';
  /** Admins posting from the back office name the seller. */
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() userID?: number;
}

/** Multipart fields of `PUT /api/products/edit/{id}`: any product field, plus which existing images to keep and in what order. */
export class UpdateProductDto extends ListingSharedFields implements UpdateProductRequest {
  @ListingName(Omittable(), ApiPropertyOptional()) productName?: string;
  @ApiPropertyOptional({ example: '45,000', description: PRICE_DESCRIPTION }) @Omittable() @NairaPrice() productPrice?: string;
  @Currency(Omittable(), ApiPropertyOptional({ enum: ['NGN'] })) productCurrency?: 'NGN';
  @Description(Omittable()) productDescription?: string;
  @ListingLocation(Omittable(), ApiPropertyOptional()) productLocation?: string;
  @Quantity(Omittable(), ApiPropertyOptional()) productQuantity?: number;
  @ListingType(Omittable(), ApiPropertyOptional({ enum: PRODUCT_TYPES })) productType?: ProductType;
  @Condition(ApiPropertyOptional({ enum: PRODUCT_CONDITIONS })) productCondition?: ProductCondition;
  @ApiPropertyOptional() @IsOptional() platformCommissionAgreement?: string;
  /** JSON array of existing `imageUrl`s to keep, in display order; images not named are removed. Omit to keep all. */
  @ApiPropertyOptional({ description: 'JSON array of imageUrl values to keep, in order' }) @IsOptional() @IsString() keepImages?: string;
  /** Sellers may withdraw a listing or put it back on sale. */
  @ApiPropertyOptional({ enum: ['active', 'withdrawn'] }) @Omittable() @IsIn(['active', 'withdrawn']) productStatus?:
    'active' | 'withdrawn';
}

export class ProductQueryDto implements ProductQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) search?: string;
  @ApiPropertyOptional({ description: 'Category slug or id' }) @IsOptional() @IsString() @MaxLength(100) category?: string;
  @ApiPropertyOptional({ description: 'a place name from GET /api/locations ("Lagos", "Ikeja, Lagos"); prefer stateId / cityId' })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  location?: string;
  @QueryId('stateId must be a state id', SMALLINT_MAX, 'state id from GET /api/locations') stateId?: number;
  @QueryId('cityId must be a city id', INT_MAX, 'city or area id from GET /api/locations') cityId?: number;
  @QueryId('lgaId must be an LGA id', INT_MAX, 'local government area id from GET /api/locations/{stateId}/lgas (landing pages)')
  lgaId?: number;
  @ApiPropertyOptional({ enum: [...PRODUCT_TYPES, 'all'] })
  @IsOptional()
  @Transform(lower)
  @IsIn([...PRODUCT_TYPES, 'all'], { message: 'type must be new, used or all' })
  type?: ProductType | 'all';
  @ApiPropertyOptional({ enum: [...PRODUCT_CONDITIONS, 'all'] })
  @IsOptional()
  @Transform(lower)
  @IsIn([...PRODUCT_CONDITIONS, 'all'], { message: 'condition must be brand_new, foreign_used, nigerian_used or all' })
  condition?: ProductCondition | 'all';
  @ApiPropertyOptional({ example: '1000' })
  @IsOptional()
  @Matches(PRICE, { message: 'minPrice must be an amount in naira' })
  minPrice?: string;
  @ApiPropertyOptional({ example: '50000' })
  @IsOptional()
  @Matches(PRICE, { message: 'maxPrice must be an amount in naira' })
  maxPrice?: string;
  @ApiPropertyOptional({ enum: PRODUCT_SORTS })
  @IsOptional()
  @IsIn(PRODUCT_SORTS, { message: `sort must be one of ${PRODUCT_SORTS.join(', ')}` })
  sort?: ProductSort;
  @QueryId('sellerId must be a user id', INT_MAX, "one seller's listings only (the shop page)") sellerId?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 100 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @ApiPropertyOptional({ description: 'nextCursor of the previous page' }) @IsOptional() @IsString() @MaxLength(300) cursor?: string;
  /**
   * The `attr.*` parameters (`attr.make=Toyota`, `attr.year.min=2010`), gathered from the query string under their
   * own names (key without `attr.`); read against the category's definitions by the search (readFilters).
   */
  [attr: `attr.${string}`]: string | string[] | number | undefined;
  @ApiHideProperty() @Expose() @Transform(({ obj }) => attrParams(obj as Record<string, unknown>)) @IsOptional() @IsObject() attrs?: Record<
    string,
    unknown
  >;
}

export class BlockProductDto implements BlockProductRequest {
  @ApiProperty() @Transform(trim) @MaxLength(500) @IsString() @IsNotEmpty({ message: 'Give the seller a reason' }) reason: string;
}

export class AdminUpdateProductDto extends UpdateProductDto implements AdminUpdateProductRequest {
  @ApiPropertyOptional({ enum: PRODUCT_STATUSES }) @Omittable() @IsIn(PRODUCT_STATUSES) status?: ProductStatus;
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @IsString() @MaxLength(500) blockReason?: string;
}

/** Query of `GET /api/products/price-hint`: both ids required (the hint compares one category in one state). */
export class PriceHintQueryDto implements PriceHintQuery {
  @QueryId('categoryId must be a category id', INT_MAX, 'a category id from GET /api/categories', true) categoryId: number;
  @QueryId('stateId must be a state id', SMALLINT_MAX, 'a state id from GET /api/locations', true) stateId: number;
}
