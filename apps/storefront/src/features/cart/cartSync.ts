import type { CartItem, CartNotice, CartResponse } from '@kasuwa/contracts';
import { cartApi } from '../../api/cart';
import { ApiError } from '../../api/errors';
import { toast } from '../../app/toast';
import { getAccessToken } from '../auth/session';
import { titleCase } from '../catalog/format';
import { readCart, writeCart, type CartLine } from './cartStorage';
import { hasServerLines, setServerLines } from './cartStore';

/**
 * The server side of the signed-in cart. Calls run one at a time in the order the user made the
 * changes; only the answer of the last queued call replaces what the screen shows, so a fast series
 * of stepper taps never flickers back to an older quantity.
 */

let chain: Promise<unknown> = Promise.resolve();
let pending = 0;

export function toLine(item: CartItem): CartLine {
  const p = item.product;
  return {
    id: item.productID,
    cartItemID: item.id,
    image: p?.productImages?.[0]?.thumbnailUrl ?? null,
    title: p ? titleCase(p.productName) : `Item ${item.productID}`,
    price: Number(p?.productPrice) || 0,
    quantity: item.quantity,
    stock: p ? p.productQuantity : null,
    available: p ? p.productStatus === 'active' && p.productQuantity > 0 : false,
  };
}

/** The cart item ids as the server last told them (a line added a moment ago gets its id from the answer). */
const cartItemIds = new Map<number, number>();

function enqueue<T>(token: string, op: () => Promise<T>): Promise<T | undefined> {
  pending += 1;
  const run = chain
    .then(() => (getAccessToken() === token ? op() : undefined)) // signed out or switched user meanwhile
    .finally(() => {
      pending -= 1;
    });
  chain = run.catch(() => undefined);
  return run;
}

function received(res: CartResponse, token: string): void {
  const items = res.data?.items ?? [];
  cartItemIds.clear();
  for (const item of items) cartItemIds.set(item.productID, item.id);
  // Later changes are already shown optimistically; their own answer will be the one to apply.
  if (pending <= 1 || !hasServerLines()) setServerLines(items.map(toLine), token);
}

function showNotices(notices: CartNotice[] | undefined): void {
  for (const message of new Set((notices ?? []).map((n) => n.message))) toast.warning(message);
}

function load(token: string): Promise<void> {
  return cartApi.items().then(
    (res) => received(res, token),
    (err: unknown) => console.error('Cart: failed to load the server cart', err), // spec §8: logged only
  );
}

export function pushLoad(token: string): Promise<void> {
  return enqueue(token, () => load(token)).then(() => undefined);
}

export function idle(): Promise<unknown> {
  return chain;
}

/** After sign-in: merge the guest cart into the server cart in one call (quantities added, capped at stock), then drop the guest copy. */
export function startServerCart(token: string): void {
  const guest = readCart().filter((l) => l.quantity > 0 && Number.isInteger(Number(l.id)));
  if (!guest.length) {
    void pushLoad(token);
    return;
  }
  void enqueue(token, async () => {
    try {
      const res = await cartApi.change({ products: guest.map((l) => ({ productID: Number(l.id), quantity: l.quantity })), mode: 'add' });
      writeCart([]);
      received(res, token);
      showNotices(res.notices);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : null;
      // The server refused these lines for good (4xx): keep nothing to retry. Network or server trouble: try on the next sign-in.
      if (status !== null && status >= 400 && status < 500 && status !== 401) {
        writeCart([]);
        toast.error((err as ApiError).message);
      } else console.error('Cart: could not merge the guest cart', err);
      await load(token);
    }
  });
}

export function pushChange(token: string, productID: number, quantity: number, mode: 'add' | 'set'): void {
  void enqueue(token, async () => {
    try {
      const res = await cartApi.change({ products: [{ productID, quantity }], mode });
      received(res, token);
      showNotices(res.notices);
    } catch (err) {
      // Own listing, sold out... (409 with a message): say why and show the cart as the server has it.
      toast.error(err instanceof ApiError ? err.message : 'Failed to add to cart');
      await load(token);
    }
  });
}

export function pushRemove(token: string, productID: number): void {
  void enqueue(token, async () => {
    const cartItemId = cartItemIds.get(productID);
    if (cartItemId === undefined) return; // never reached the server
    try {
      received(await cartApi.remove(cartItemId), token);
    } catch (err) {
      console.error('Cart: server removal failed; removed locally', err);
    }
  });
}

export async function pushClear(token: string): Promise<boolean> {
  const ok = await enqueue(token, async () => {
    try {
      received(await cartApi.empty(), token);
      return true;
    } catch (err) {
      console.error('Cart: server clear failed; cleared locally', err);
      return false;
    }
  });
  return ok ?? false;
}
