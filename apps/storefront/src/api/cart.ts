import type { AddToCartRequest, CartResponse } from '@kasuwa/contracts';
import { call } from './client';

/**
 * The signed-in user's server cart (the product API calls). Every call is silent: the cart store decides what the
 * user sees (the product error texts: removal and clearing stay local on failure, load failures are only logged).
 */
export const cartApi = {
  items: () => call<CartResponse>({ method: 'GET', url: '/products/cart/items' }, { requiresAuth: true, silent: true }),
  change: (body: AddToCartRequest) =>
    call<CartResponse>(
      { method: 'POST', url: '/products/cart', data: body },
      { fallbackMessage: 'Failed to add to cart', requiresAuth: true, silent: true },
    ),
  remove: (cartItemId: number) =>
    call<CartResponse>({ method: 'PUT', url: `/products/cart/remove/${cartItemId}` }, { requiresAuth: true, silent: true }),
  empty: () => call<CartResponse>({ method: 'PUT', url: '/products/cart/empty' }, { requiresAuth: true, silent: true }),
};
