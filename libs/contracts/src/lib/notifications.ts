/** In-app notifications and per-type e-mail preferences. */
export const NOTIFICATION_TYPES = ['order', 'message', 'offer', 'review', 'listing', 'report', 'saved_search', 'money'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The words on the profile's e-mail preference switches. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  order: 'Order updates',
  message: 'New chat messages',
  offer: 'Offers on listings',
  review: 'Ratings and reviews',
  listing: 'My listings (blocked or held for review)',
  report: 'Outcome of my reports',
  saved_search: 'New matches for saved searches',
  money: 'Payouts and refunds',
};

export interface AppNotification {
  id: number;
  type: NotificationType;
  title: string;
  body: string;
  /** A storefront path to open, e.g. `/inbox/12`. */
  link: string | null;
  read: boolean;
  createdAt: string;
}

/** `GET /api/notifications?page&limit`, newest first. */
export interface NotificationsResponse {
  data: AppNotification[];
  meta: { unread: number; page: number; limit: number };
}
/** `POST /api/notifications/read` (no ids: all) → the unread count left. */
export interface MarkNotificationsReadRequest {
  ids?: number[];
}
export interface UnreadCountResponse {
  data: { unread: number };
}
/** `GET|PUT /api/notifications/preferences`: e-mail on/off per type (on unless turned off). */
export type EmailPreferences = Record<NotificationType, boolean>;
export interface EmailPreferencesResponse {
  data: EmailPreferences;
}
/** `POST /api/notifications/unsubscribe` with the token from an e-mail's link (no sign-in needed). */
export interface UnsubscribeRequest {
  token: string;
}
