import { useMemo, useSyncExternalStore } from 'react';
import { EMPTY_LIST } from '../../app/storedList';
import type { CartLine } from './cartStorage';
import { addLine, cartSnapshot, clearLines, removeLine, setLineQuantity, subscribeCartStore } from './cartStore';

/** The server's snapshot: the same object as an empty guest cart on the phone (see EMPTY_LIST). */
const EMPTY: CartLine[] = EMPTY_LIST;

/**
 * The cart (the product screen rules): a guest's lives in local storage, a signed-in user's on the server (cartStore).
 * Quantities ≤ 0 remove the line; the total is Σ price × quantity. The functions are module-level,
 * so their identity never changes between renders.
 */
export function useCart() {
  const lines = useSyncExternalStore(subscribeCartStore, cartSnapshot, () => EMPTY);
  const count = useMemo(() => lines.reduce((n, l) => n + l.quantity, 0), [lines]);
  const total = useMemo(() => lines.reduce((sum, l) => sum + l.price * l.quantity, 0), [lines]);

  return {
    lines,
    count,
    total,
    setQuantity: setLineQuantity,
    remove: removeLine,
    /** Resolves false when a signed-in user's server clear failed (the cart is cleared locally anyway). */
    clear: clearLines,
    /** The product screen rules: an item already in the cart gets +1 (up to `max`, the stock); otherwise it is added with 1. Returns the new quantity. */
    add: addLine,
  };
}
