import type { CartItem } from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { standInApiForFile } from '../../test/standInApi';
import { clearSession, saveSession } from '../auth/session';
import { readCart } from './cartStorage';
import { addLine, cartSnapshot, flushCart, removeLine, setLineQuantity, subscribeCartStore } from './cartStore';

const yam = { id: 7, image: null, title: 'Tubers of yam', price: 4500, stock: 3, available: true };
const rice = { id: 9, image: null, title: 'Bag of rice', price: 65000, stock: 10, available: true };

/** The server's cart as the product's POST /products/cart answers: quantities added ('add') and capped at stock. */
const stock: Record<number, number> = { 7: 3, 9: 10, 11: 5 };
let serverCart = new Map<number, number>([[11, 1]]);
const answer = () => ({
  data: {
    items: [...serverCart].map(
      ([productID, quantity], i): CartItem => ({ id: 100 + i, productID, quantity, product: null }) as unknown as CartItem,
    ),
  },
});

const api = standInApiForFile({
  'GET /api/products/cart/items': () => [200, answer()],
  'POST /api/products/cart': ({ body }) => {
    const { products, mode } = body as { products: { productID: number; quantity: number }[]; mode: 'add' | 'set' };
    for (const p of products) {
      const before = mode === 'add' ? (serverCart.get(p.productID) ?? 0) : 0;
      serverCart.set(p.productID, Math.min(before + p.quantity, stock[p.productID] ?? 0));
    }
    return [200, answer()];
  },
});

describe('the guest cart (local storage)', () => {
  it('adds +1 up to the stock, sets, and a quantity of 0 removes the line', () => {
    clearSession();
    expect(addLine(yam, 3)).toBe(1);
    expect(addLine(yam, 3)).toBe(2);
    addLine(rice);
    setLineQuantity(yam.id, 99); // capped at the 3 in stock
    expect(readCart().map((l) => [l.id, l.quantity])).toEqual([
      [7, 3],
      [9, 1],
    ]);
    expect(addLine(yam, 3)).toBe(3); // all the stock already: nothing changes
    setLineQuantity(rice.id, 0);
    expect(cartSnapshot().map((l) => l.id)).toEqual([7]);
    removeLine(yam.id);
    expect(readCart()).toEqual([]);
  });
});

describe('signing in merges the guest cart once', () => {
  it('sends the guest lines in one add call, shows the server cart and drops the guest copy', async () => {
    clearSession();
    const unsubscribe = subscribeCartStore(() => undefined);
    addLine(yam, 3);
    addLine(yam, 3);
    addLine(rice, 10);
    serverCart = new Map([
      [11, 1],
      [7, 2],
    ]); // the account's own cart from another device
    saveSession('user-token', { email: 'ada@kasuwa.test', fullName: 'Ada Obi', profileImage: null, userId: 1 });
    await expect.poll(() => readCart().length, { timeout: 10_000 }).toBe(0);
    await flushCart();
    const merges = api.posts();
    expect(merges).toHaveLength(1);
    expect(merges[0]?.auth).toBe('Bearer user-token');
    expect(merges[0]?.body).toEqual({
      products: [
        { productID: 7, quantity: 2 },
        { productID: 9, quantity: 1 },
      ],
      mode: 'add',
    });
    // 2 + 2 yams capped at the 3 in stock; the other device's line stays.
    expect(cartSnapshot().map((l) => [l.id, l.quantity])).toEqual([
      [11, 1],
      [7, 3],
      [9, 1],
    ]);
    unsubscribe();
    clearSession();
  });
});
