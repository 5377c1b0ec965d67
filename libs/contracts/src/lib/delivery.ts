/**
 * Delivery the Nigerian way (docs/delivery.md: Delivery and Places). A listing reaches buyers by pickup (free, in
 * the seller's area), seller delivery with a fee and days per zone, or pay on delivery (seller opt-in, capped).
 * Fees are in naira on forms and listings, in kobo in quotes and orders (money is integer kobo end to end).
 */
export const DELIVERY_METHODS = ['pickup', 'seller_delivery', 'pay_on_delivery'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** How far the buyer's address is from the listing: the seller's LGA, the seller's state, or another state. */
export const DELIVERY_ZONES = ['lga', 'state', 'other'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  pickup: 'Pickup / meet-up',
  seller_delivery: 'Seller delivery',
  pay_on_delivery: 'Pay on delivery',
};

export const DELIVERY_ZONE_LABELS: Record<DeliveryZone, string> = {
  lga: 'Same LGA',
  state: 'Same state',
  other: 'Other states',
};

/** Seller delivery to one zone: its fee in naira and the days it takes. */
export interface DeliveryZoneTerms {
  fee: number;
  days: number;
}

/** A listing's delivery options; a zone without terms is not served. At least one way is offered. */
export interface ListingDelivery {
  pickup: boolean;
  sellerDelivery: Record<DeliveryZone, DeliveryZoneTerms | null>;
  payOnDelivery: boolean;
}

/** The terms every listing from before delivery options keeps: the product's ₦4,500 to every zone. */
export const MIGRATED_DELIVERY: ListingDelivery = {
  pickup: false,
  sellerDelivery: { lga: { fee: 4500, days: 1 }, state: { fee: 4500, days: 2 }, other: { fee: 4500, days: 5 } },
  payOnDelivery: false,
};

/** A local government area (one of 774) as `GET /api/locations/{stateId}/lgas` lists it. */
export interface Lga {
  id: number;
  name: string;
}

export interface LgaList {
  data: Lga[];
}

/** A delivery address a user keeps (`GET /api/addresses`). */
export interface Address {
  id: number;
  stateId: number;
  stateName: string;
  lgaId: number;
  lgaName: string;
  street: string;
  landmark: string | null;
  phone: string;
  isDefault: boolean;
}

/** `POST /api/addresses`, `PUT /api/addresses/{id}`. */
export interface AddressInput {
  stateId: number;
  lgaId: number;
  street: string;
  landmark?: string | null;
  phone: string;
  isDefault?: boolean;
}

/** How many delivery addresses one user may keep (409 TOO_MANY_ADDRESSES past it). */
export const MAX_ADDRESSES = 10;

/** `GET /api/addresses`: the default first, then the newest. */
export interface AddressList {
  data: Address[];
}

/** `POST /api/addresses`, `PUT /api/addresses/{id}`. */
export interface AddressResponse {
  data: Address;
}

/** One way a seller's goods can reach the quoted address. */
export interface QuoteOption {
  method: DeliveryMethod;
  /** The zone the fee was read for (null for pickup). */
  zone: DeliveryZone | null;
  feeKobo: number;
  /** Days to deliver (null for pickup: the buyer collects). */
  days: number | null;
}

/** `GET /api/checkout/quote?stateId=&lgaId=`: for each seller in the cart, what reaches that address. */
export interface SellerQuote {
  sellerId: number;
  sellerName: string;
  /** The goods at the prices the cart shows (accepted offers included), in kobo. */
  goodsKobo: number;
  /** The seller's area, where pickup is offered. */
  pickupArea: string | null;
  options: QuoteOption[];
  /** Why pay on delivery is not offered although the listings allow it (null when it is, or no listing allows it). */
  payOnDeliveryRefusal: string | null;
}

export interface CheckoutQuote {
  data: { sellers: SellerQuote[]; currency: 'NGN' };
}

/** Pay on delivery, counted for one person on each side (`GET /api/admin/users/{id}/pay-on-delivery`). */
export interface PayOnDeliverySide {
  /** Placed and not ended yet. */
  open: number;
  /** The seller confirmed the cash. */
  cashReceived: number;
  /** The buyer refused the goods at the door. */
  refused: number;
}

export interface PayOnDeliveryStats {
  data: {
    /** `closed`: the buyer refused too many deliveries to be offered pay on delivery again. */
    asBuyer: PayOnDeliverySide & { closed: boolean };
    /** `owedKobo`: commission on cash sales (and anything else) the seller still owes Kasuwa. */
    asSeller: PayOnDeliverySide & { owedKobo: string };
  };
}
