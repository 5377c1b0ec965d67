import type {
  ChatMessage,
  ConversationResponse,
  ConversationsResponse,
  CreateReportRequest,
  CreateSavedSearchRequest,
  EmailPreferences,
  EmailPreferencesResponse,
  MessagesResponse,
  NotificationsResponse,
  Review,
  SellerProfileResponse,
  SavedSearchesResponse,
  SellerReviewsResponse,
  UnreadCountResponse,
} from '@kasuwa/contracts';
import { call } from './client';

const auth = { requiresAuth: true } as const;

/** Chat, notifications, reports, ratings and shop pages. */
export const trustApi = {
  /** The listing's one conversation with its seller, or (`orderId`) the one about an order's listing, from either side. */
  startConversation: (about: { productId: number } | { orderId: number }, message?: string) =>
    call<ConversationResponse>(
      { method: 'POST', url: '/conversations', data: { ...about, ...(message ? { message } : {}) } },
      { ...auth, fallbackMessage: 'Could not open the chat' },
    ),
  conversations: () => call<ConversationsResponse>({ method: 'GET', url: '/conversations' }, { ...auth, silent: true }),
  conversation: (id: number) => call<ConversationResponse>({ method: 'GET', url: `/conversations/${id}` }, { ...auth, silent: true }),
  messages: (id: number, after = 0) =>
    call<MessagesResponse>(
      { method: 'GET', url: `/conversations/${id}/messages`, params: after ? { after } : {} },
      { ...auth, silent: true },
    ),
  send: (id: number, body: { text?: string; offer?: number } | FormData) =>
    call<{ data: ChatMessage }>(
      { method: 'POST', url: `/conversations/${id}/messages`, data: body },
      { ...auth, fallbackMessage: 'Message not sent' },
    ),
  decideOffer: (id: number, messageId: number, accept: boolean) =>
    call<{ data: ChatMessage }>(
      { method: 'POST', url: `/conversations/${id}/offers/${messageId}`, data: { accept } },
      { ...auth, fallbackMessage: 'Could not answer the offer' },
    ),
  read: (id: number) => call<{ message: string }>({ method: 'POST', url: `/conversations/${id}/read` }, { ...auth, silent: true }),
  block: (userId: number) => call<{ message: string }>({ method: 'PUT', url: `/blocks/${userId}` }, auth),
  unblock: (userId: number) => call<{ message: string }>({ method: 'DELETE', url: `/blocks/${userId}` }, auth),
  report: (body: CreateReportRequest) =>
    call<{ message: string }>({ method: 'POST', url: '/reports', data: body }, { ...auth, fallbackMessage: 'Could not send the report' }),
  notifications: () => call<NotificationsResponse>({ method: 'GET', url: '/notifications' }, { ...auth, silent: true }),
  unread: () => call<UnreadCountResponse>({ method: 'GET', url: '/notifications/unread' }, { ...auth, silent: true }),
  markRead: () => call<UnreadCountResponse>({ method: 'POST', url: '/notifications/read', data: {} }, { ...auth, silent: true }),
  preferences: () => call<EmailPreferencesResponse>({ method: 'GET', url: '/notifications/preferences' }, { ...auth, silent: true }),
  setPreferences: (changes: Partial<EmailPreferences>) =>
    call<EmailPreferencesResponse & { message: string }>(
      { method: 'PUT', url: '/notifications/preferences', data: changes },
      { ...auth, fallbackMessage: 'Could not save your e-mail settings' },
    ),
  savedSearches: () => call<SavedSearchesResponse>({ method: 'GET', url: '/saved-searches' }, { ...auth, silent: true }),
  saveSearch: (query: CreateSavedSearchRequest) =>
    call<SavedSearchesResponse & { message: string }>(
      { method: 'POST', url: '/saved-searches', data: query },
      { ...auth, fallbackMessage: 'Could not save the search' },
    ),
  removeSavedSearch: (id: number) =>
    call<SavedSearchesResponse & { message: string }>(
      { method: 'DELETE', url: `/saved-searches/${id}` },
      { ...auth, fallbackMessage: 'Could not remove the search' },
    ),
  unsubscribe: (token: string) =>
    call<{ message: string }>({ method: 'POST', url: '/notifications/unsubscribe', data: { token } }, { silent: true }),
  seller: (id: number) => call<SellerProfileResponse>({ method: 'GET', url: `/sellers/${id}` }, { silent: true }),
  sellerReviews: (id: number) => call<SellerReviewsResponse>({ method: 'GET', url: `/sellers/${id}/reviews` }, { silent: true }),
  orderReview: (orderId: number) =>
    call<{ data: Review | null }>({ method: 'GET', url: `/reviews/order/${orderId}` }, { ...auth, silent: true }),
  /** The seller's one public answer to a rating of theirs. */
  replyToReview: (reviewId: number, text: string) =>
    call<{ message: string; data: Review }>(
      { method: 'POST', url: `/reviews/${reviewId}/reply`, data: { text } },
      { ...auth, silent: true },
    ),
  rate: (orderId: number, rating: number, text: string) =>
    call<{ message: string; data: Review }>(
      { method: 'POST', url: '/reviews', data: { orderId, rating, text } },
      { ...auth, fallbackMessage: 'Could not save your rating' },
    ),
};
