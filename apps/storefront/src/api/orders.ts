import type { Order, OrderHandover, OrderStatus, OrderTrackingRequest } from '@kasuwa/contracts';
import { getAccessToken } from '../features/auth/session';
import { call } from './client';
import { ApiError } from './errors';

/** The product validation rules: the order-detail call refuses to run without a stored token. */
export const NO_TOKEN_MESSAGE = 'No valid authentication token found.';

/** Order lists and detail; the screens show their own errors (the product error texts), so these calls are silent. */
export const ordersApi = {
  buyerOrders: () =>
    call<{ data: Order[] }>(
      { method: 'GET', url: '/orders/all' },
      { fallbackMessage: 'Failed to fetch orders', requiresAuth: true, silent: true },
    ),
  sellerOrders: () =>
    call<{ data: Order[] }>(
      { method: 'GET', url: '/orders/seller/all' },
      { fallbackMessage: 'Failed to fetch seller orders', requiresAuth: true, silent: true },
    ),
  order: (id: string | number) => {
    if (!getAccessToken()) return Promise.reject(new ApiError(NO_TOKEN_MESSAGE, 401));
    return call<{ data: Order }>(
      { method: 'GET', url: `/orders/in/${encodeURIComponent(String(id))}` },
      { fallbackMessage: 'Failed to fetch order details', silent: true },
    );
  },
  /** The body names the new ORDER status `paymentStatus` (docs/order-lifecycle.md). */
  updateStatus: (id: number, status: OrderStatus, tracking?: OrderTrackingRequest) =>
    call<{ message: string; data: Order }>(
      { method: 'PATCH', url: `/orders/${id}/update/status`, data: { paymentStatus: status, ...tracking } },
      { fallbackMessage: 'Failed to update status', requiresAuth: true, silent: true },
    ),
  /** The seller corrects the carrier and tracking number while the order is shipped or on the way. */
  tracking: (id: number, tracking: OrderTrackingRequest) =>
    call<{ message: string; data: Order }>(
      { method: 'PUT', url: `/orders/${id}/tracking`, data: tracking },
      { fallbackMessage: 'Could not save the tracking number', requiresAuth: true, silent: true },
    ),
  /** The order's handover code (its buyer reads the code; its seller only the state); null before shipping. */
  handover: (id: number) =>
    call<{ data: OrderHandover | null }>({ method: 'GET', url: `/orders/${id}/handover` }, { requiresAuth: true, silent: true }),
  /** The seller enters the buyer's code: the order completes and the seller is paid. */
  enterHandover: (id: number, code: string) =>
    call<{ message: string; data: Order }>(
      { method: 'POST', url: `/orders/${id}/handover`, data: { code } },
      { fallbackMessage: 'Could not check the code', requiresAuth: true, silent: true },
    ),
  /** Pay on delivery: the seller confirms the buyer paid in cash at the door (the order completes). */
  cashReceived: (id: number) =>
    call<{ message: string; data: Order }>(
      { method: 'POST', url: `/orders/${id}/cash-received` },
      { fallbackMessage: 'Could not confirm the cash', requiresAuth: true, silent: true },
    ),
  /** Pay on delivery: the seller reports the buyer refused the goods at the door (they go back on sale). */
  deliveryRefused: (id: number, reason: string) =>
    call<{ message: string; data: Order }>(
      { method: 'POST', url: `/orders/${id}/delivery-refused`, data: reason ? { reason } : {} },
      { fallbackMessage: 'Could not record the refused delivery', requiresAuth: true, silent: true },
    ),
  /** The buyer's "I received it": the order completes and the seller is paid. */
  received: (id: number) =>
    call<{ message: string; data: Order }>(
      { method: 'POST', url: `/orders/${id}/received` },
      { fallbackMessage: 'Could not confirm receipt', requiresAuth: true, silent: true },
    ),
};
