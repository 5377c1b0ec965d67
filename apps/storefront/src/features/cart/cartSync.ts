import type { CartItem, CartNotice, CartResponse } from '@kasuwa/contracts';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { cartApi } from '../../api/cart';
import { ApiError } from '../../api/errors';
import { appQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';
import { toast } from '../../app/toast';
import { getAccessToken } from '../auth/session';
import { titleCase } from '../catalog/format';
import { readCart, writeCart, type CartLine } from './cartStorage';

/**
 * The server side of the signed-in cart, in the storefront's react-query client: the cart as the server last answered
 * is the query ['cart', token], and every call is a mutation of the scope 'cart', so react-query runs them one at a time
 * in the order the user made the changes. Only the answer of the last queued call replaces what the screen shows, so a
 * fast series of stepper taps never flickers back to an older quantity. cartStore watches the query (watchServerCart);
 * this module knows nothing of the store.
 */

const CART_MUTATIONS = ['cart'];
const cartKey = queryKeys.cart;

export function toLine(item: CartItem): CartLine {
  const p = item.product;
  return {
    id: item.productID,
    cartItemID: item.id,
    image: p?.productImages?.[0]?.thumbnailUrl ?? null,
    title: p ? titleCase(p.productName) : `Item ${item.productID}`,
    // The server's unit price is what checkout charges (an accepted offer included); the listed price is shown beside it.
    price: Number(item.unitPrice ?? p?.productPrice) || 0,
    listPrice: item.priceSource === 'offer' ? Number(p?.productPrice) || null : null,
    priceSource: item.priceSource ?? 'listing',
    quantity: item.quantity,
    stock: p ? p.productQuantity : null,
    available: p ? p.productStatus === 'active' && p.productQuantity > 0 : false,
  };
}

/** The cart item ids as the server last told them (a line added a moment ago gets its id from the answer). */
const cartItemIds = new Map<number, number>();

/**
 * Runs `op` after every cart call queued before it; skipped when the user signed out or switched meanwhile. A `wait`
 * (nothing to send) is not counted among the calls whose answers are awaited.
 */
function enqueue<T>(token: string, op: () => Promise<T>, wait = false): Promise<T | undefined> {
  const call = new MutationObserver<T | undefined>(appQueryClient(), {
    mutationKey: wait ? undefined : CART_MUTATIONS,
    scope: { id: 'cart' },
    // Offline rule: a change made without a network waits (paused, in order) and is sent when it is back; the cart on
    // the screen already shows it (cartStore's optimistic lines).
    networkMode: 'online',
    mutationFn: () => (getAccessToken() === token ? op() : Promise.resolve(undefined)),
  });
  return call.mutate();
}

function received(res: CartResponse, token: string): void {
  const items = res.data?.items ?? [];
  cartItemIds.clear();
  for (const item of items) cartItemIds.set(item.productID, item.id);
  // Later changes are already shown optimistically; their own answer will be the one to apply.
  const client = appQueryClient();
  if (client.isMutating({ mutationKey: CART_MUTATIONS }) <= 1 || client.getQueryData(cartKey(token)) === undefined) {
    client.setQueryData(cartKey(token), items.map(toLine));
  }
}

/** Calls `onLines` with each server cart of this session the screen should show; returns the unsubscribe. */
export function watchServerCart(token: string, onLines: (lines: CartLine[]) => void): () => void {
  // Every answer applied is passed on, even one equal to the last (it undoes an optimistic change the server refused).
  const observer = new QueryObserver<CartLine[]>(appQueryClient(), {
    queryKey: cartKey(token),
    enabled: false,
    notifyOnChangeProps: ['data', 'dataUpdatedAt'],
  });
  return observer.subscribe(({ data }) => data && onLines(data));
}

function showNotices(notices: CartNotice[] | undefined): void {
  for (const message of new Set((notices ?? []).map((n) => n.message))) toast.warning(message);
}

function load(token: string): Promise<void> {
  return cartApi.items().then(
    (res) => received(res, token),
    (err: unknown) => console.error('Cart: failed to load the server cart', err), // the product error texts: logged only
  );
}

/**
 * react-query tells its observers (the store) in a task of its own: once this resolves, the answers applied so far are
 * on the screen, as flushCart and reloadCart promise.
 */
const shown = () => new Promise<void>((done) => setTimeout(done, 0));

export function pushLoad(token: string): Promise<void> {
  return enqueue(token, () => load(token)).then(shown);
}

/** Resolves once every queued cart call has been answered and shown. */
export function idle(): Promise<unknown> {
  return enqueue('', () => Promise.resolve(), true).then(shown);
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
