import type { Dispute, DisputeReason, RefundRequest } from '@kasuwa/contracts';
import { call } from './client';

const auth = { requiresAuth: true, silent: true } as const;

/** The `data` of a GET about an order, or null when the order has none (404). */
const orNone = <T>(url: string): Promise<T | null> =>
  call<{ data: T }>({ method: 'GET', url }, auth).then(
    (res) => res.data,
    (err: { status?: number }) => {
      if (err.status === 404) return null;
      throw err;
    },
  );

/** A buyer's dispute on an order: opened with photos, answered by the seller, decided by an admin. */
export const disputesApi = {
  /** null when the order has no dispute. */
  get: (orderId: number) => orNone<Dispute>(`/orders/${orderId}/dispute`),
  /** Where the buyer's refund request stands (a rejected order); null when there is none. */
  refundRequest: (orderId: number) => orNone<RefundRequest>(`/orders/${orderId}/refund-request`),
  open: (orderId: number, input: { reason: DisputeReason; text: string; photos: File[] }) => {
    const form = new FormData();
    form.append('reason', input.reason);
    form.append('text', input.text);
    for (const photo of input.photos) form.append('photos', photo);
    return call<{ data: Dispute }>(
      { method: 'POST', url: `/orders/${orderId}/dispute`, data: form },
      { ...auth, fallbackMessage: 'Could not open the dispute' },
    );
  },
  reply: (orderId: number, text: string) =>
    call<{ data: Dispute }>(
      { method: 'POST', url: `/orders/${orderId}/dispute/reply`, data: { text } },
      { ...auth, fallbackMessage: 'Could not send your answer' },
    ),
};
