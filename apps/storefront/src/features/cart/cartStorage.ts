import { STORAGE_KEYS } from '@kasuwa/contracts';
import { storedList } from '../../app/storedList';

/** A line of the guest cart kept in local storage (the product data model "Local cart line"). */
export interface CartLine {
  id: number | string;
  cartItemID: number | string | null;
  image: string | null;
  title: string;
  /** Naira per unit the buyer pays: for a signed-in cart, the server's figure (the seller's accepted offer when lower). */
  price: number;
  /** The listed price per unit, naira, when `price` is an accepted offer below it. */
  listPrice?: number | null;
  /** Where `price` came from (the server says; a guest cart is always the listing's). */
  priceSource?: 'listing' | 'offer';
  quantity: number;
  /** Units the seller has (caps the stepper); unknown for lines added before it was recorded. */
  stock?: number | null;
  /** False when the listing can no longer be bought (sold out, withdrawn): checkout would refuse it. */
  available?: boolean;
}

export const CART_CHANGED_EVENT = 'kasuwa:cart-changed';

function isLine(v: unknown): v is CartLine {
  if (typeof v !== 'object' || v === null) return false;
  const l = v as Record<string, unknown>;
  return (typeof l.id === 'number' || typeof l.id === 'string') && typeof l.title === 'string' && Number.isFinite(Number(l.quantity));
}

const guestCart = storedList(STORAGE_KEYS.cartItems, CART_CHANGED_EVENT, (items) =>
  items.filter(isLine).map((l) => ({ ...l, price: Number(l.price) || 0, quantity: Math.max(0, Math.trunc(Number(l.quantity))) })),
);

export const readCart = guestCart.read;
/** The guest cart as last read: the same array while it is unchanged. */
export const guestCartSnapshot = guestCart.snapshot;
export const subscribeCart = guestCart.subscribe;

export function writeCart(lines: CartLine[]): void {
  guestCart.write(lines.filter((l) => l.quantity > 0));
}
