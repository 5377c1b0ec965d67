import type { ContactMessageRequest } from '@kasuwa/contracts';
import { call } from './client';

export const contactApi = {
  // The page shows the failure inline and as a toast (the product error texts), so the central toast stays on.
  send: (body: ContactMessageRequest) =>
    call<unknown>({ method: 'POST', url: '/contact-us', data: body }, { fallbackMessage: 'Failed to send message' }),
};
