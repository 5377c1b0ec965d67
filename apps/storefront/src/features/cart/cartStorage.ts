import { STORAGE_KEYS } from '@kasuwa/contracts';

/** A line of the guest cart kept in local storage (spec §3 "Local cart line"). */
export interface CartLine {
  id: number | string;
  cartItemID: number | string | null;
  image: string | null;
  title: string;
  price: number;
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

export function readCart(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.cartItems) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    // Anything hand-edited or left by an older version is dropped rather than crashing the top bar.
    return parsed.filter(isLine).map((l) => ({ ...l, price: Number(l.price) || 0, quantity: Math.max(0, Math.trunc(Number(l.quantity))) }));
  } catch {
    return [];
  }
}

export function writeCart(lines: CartLine[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.cartItems, JSON.stringify(lines.filter((l) => l.quantity > 0)));
  } catch {
    /* storage full or blocked */
  }
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

export function subscribeCart(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.cartItems) onChange();
  };
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
