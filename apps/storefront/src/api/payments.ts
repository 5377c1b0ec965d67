import type { CreateOrderRequest, CreateOrderResponse, InitializePaymentResponse, VerifyPaymentResponse } from '@kasuwa/contracts';
import { call } from './client';

/** The product error texts: the checkout's failure toast when no payment page address came back (API failures show their own fallback). */
export const CHECKOUT_FAILED = 'Payment initialization failed. Please login first.';

export const checkoutApi = {
  /** Turns the server cart into one checkout session (one order per seller) and reserves the stock. */
  createOrder: (body: CreateOrderRequest) =>
    call<CreateOrderResponse>(
      { method: 'POST', url: '/orders', data: body },
      { fallbackMessage: 'Failed to create order', requiresAuth: true },
    ),
  initializePayment: (checkoutSessionID: number) =>
    call<InitializePaymentResponse>(
      { method: 'POST', url: '/payments/initialize', data: { checkoutSessionID } },
      { fallbackMessage: 'Failed to initiate payment', requiresAuth: true },
    ),
  /** The verification screen shows its own failure state, so no toast. No session needed: the reference is the key. */
  verify: (reference: string) =>
    call<VerifyPaymentResponse>(
      { method: 'GET', url: '/payments/verify', params: { reference } },
      { fallbackMessage: 'Payment verification failed', silent: true },
    ),
};
