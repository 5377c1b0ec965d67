import { call } from './client';

export interface ContactMessage {
  userId: number | null;
  name: string;
  email: string;
  subject: string;
  message: string;
}

export const contactApi = {
  // The page shows the failure inline and as a toast (the product error texts), so the central toast stays on.
  send: (body: ContactMessage) =>
    call<unknown>({ method: 'POST', url: '/contact-us', data: body }, { fallbackMessage: 'Failed to send message' }),
};
