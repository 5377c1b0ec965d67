import { getAccessToken, subscribeSession } from '../auth/session';
import { CART_CHANGED_EVENT, guestCartSnapshot, readCart, subscribeCart, writeCart, type CartLine } from './cartStorage';

/**
 * The cart the screens see (the product screen rules). A guest's cart is the local-storage one (cartStorage). A signed-in
 * user's cart lives on the server: it is held here in memory, changed optimistically, and the calls go
 * out one after another from cartSync, whose answers come back through watchServerCart. cartSync (and with it
 * the HTTP client and react-query) is loaded only once someone is signed in, so a guest's first download stays small;
 * it does not import this store.
 */

/** The signed-in cart as last known; null until the server answered for this session. */
let serverLines: CartLine[] | null = null;
let sessionToken: string | null = null;
let started = false;
let stopWatching: (() => void) | null = null;

function emit(): void {
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

const loadSync = () => import('./cartSync');

/** Stable snapshot for useSyncExternalStore. Until the server cart arrives, the guest lines being merged show. */
export function cartSnapshot(): CartLine[] {
  if (getAccessToken() && serverLines) return serverLines;
  return guestCartSnapshot();
}

/** Sign-in (any path: email, Google, sign-up) or sign-out: switch carts; on sign-in merge the guest cart once. */
function onSessionChange(): void {
  const token = getAccessToken();
  if (token === sessionToken) return;
  sessionToken = token;
  serverLines = null;
  stopWatching?.();
  stopWatching = null;
  emit();
  if (token) {
    loadSync()
      .then((m) => {
        if (getAccessToken() !== token) return;
        stopWatching = m.watchServerCart(token, (lines) => setServerLines(lines, token));
        m.startServerCart(token);
      })
      .catch((err: unknown) => console.error('Cart: could not start the server cart', err));
  }
}

export function subscribeCartStore(onChange: () => void): () => void {
  if (!started) {
    started = true;
    subscribeSession(onSessionChange);
    onSessionChange();
  }
  return subscribeCart(onChange);
}

/** What the server answered (watchServerCart); ignored if the session changed meanwhile. */
function setServerLines(lines: CartLine[], token: string): void {
  if (token !== getAccessToken()) return;
  serverLines = lines;
  emit();
}

/** The lines a signed-in change starts from: the server cart, or the guest lines still being merged. */
function signedInBase(): CartLine[] {
  return serverLines ?? readCart();
}

function setOptimistic(lines: CartLine[]): void {
  serverLines = lines;
  emit();
}

type NewLine = Omit<CartLine, 'quantity' | 'cartItemID'> & { cartItemID?: CartLine['cartItemID'] };

/** The product screen rules: an item already in the cart gets +1 (up to `max`, the stock); otherwise it is added with 1. Returns the new quantity. */
export function addLine(line: NewLine, max = Infinity): number {
  const token = getAccessToken();
  const current = token ? signedInBase() : readCart();
  const stock = Number.isFinite(max) ? max : (line.stock ?? null);
  const existing = current.find((l) => l.id === line.id);
  let next: CartLine[];
  let quantity: number;
  if (existing) {
    quantity = Math.min(existing.quantity + 1, Math.max(max, existing.quantity));
    if (quantity === existing.quantity) return quantity; // already all the stock: nothing to send
    next = current.map((l) => (l.id === line.id ? { ...l, ...line, cartItemID: l.cartItemID, stock, quantity } : l));
  } else {
    quantity = 1;
    next = [...current, { ...line, cartItemID: line.cartItemID ?? null, stock, quantity }];
  }
  if (!token) {
    writeCart(next);
    return quantity;
  }
  setOptimistic(next);
  void loadSync().then((m) => m.pushChange(token, Number(line.id), 1, 'add'));
  return quantity;
}

/** The product screen rules: a quantity of 0 or less removes the line. */
export function setLineQuantity(id: CartLine['id'], quantity: number): void {
  if (quantity <= 0) return removeLine(id);
  const token = getAccessToken();
  const current = token ? signedInBase() : readCart();
  const line = current.find((l) => l.id === id);
  if (!line) return;
  const capped = line.stock != null && line.stock > 0 ? Math.min(quantity, Math.max(line.stock, 1)) : quantity;
  if (capped === line.quantity) return;
  const next = current.map((l) => (l.id === id ? { ...l, quantity: capped } : l));
  if (!token) return writeCart(next);
  setOptimistic(next);
  void loadSync().then((m) => m.pushChange(token, Number(id), capped, 'set'));
}

/** Removes the line at once; a signed-in user's server removal follows and may fail without bringing it back (the product screen rules). */
export function removeLine(id: CartLine['id']): void {
  const token = getAccessToken();
  if (!token) return writeCart(readCart().filter((l) => l.id !== id));
  setOptimistic(signedInBase().filter((l) => l.id !== id));
  void loadSync().then((m) => m.pushRemove(token, Number(id)));
}

/** Clears the cart locally whatever happens; resolves false when the server call failed (the product error texts 'Cart cleared'). */
export async function clearLines(): Promise<boolean> {
  const token = getAccessToken();
  if (!token) {
    writeCart([]);
    return true;
  }
  setOptimistic([]);
  return (await loadSync()).pushClear(token);
}

/** Reloads the signed-in cart from the server (after checkout emptied it). */
export async function reloadCart(): Promise<void> {
  const token = getAccessToken();
  if (!token) return;
  await (await loadSync()).pushLoad(token);
}

/** Waits until every cart change has reached the server (checkout reads the server cart). */
export async function flushCart(): Promise<void> {
  if (!getAccessToken()) return;
  await (await loadSync()).idle();
}
