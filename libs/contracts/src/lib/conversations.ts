/** Buyer–seller chat. Offers are integer kobo per unit, as strings in JSON. */
export const MESSAGE_TEXT_MAX = 2000;
/** What a deleted account is called to the other side. */
export const DELETED_USER = 'Deleted user';

export interface ChatMember {
  id: number;
  fullName: string;
  profileImage: string | null;
}

export type OfferStatus = 'pending' | 'accepted' | 'declined' | 'replaced';

export interface ChatMessage {
  id: number;
  conversationId: number;
  senderId: number;
  kind: 'text' | 'photo' | 'offer';
  text: string | null;
  photo: { imageUrl: string; thumbnailUrl: string } | null;
  /** Kobo per unit (string), on offers. */
  offerKobo: string | null;
  /** `replaced`: the buyer made a newer offer on the listing (one open offer per buyer and listing). */
  offerStatus: OfferStatus | null;
  createdAt: string;
  /** The other member has read it (read receipt). */
  read: boolean;
  /**
   * Shown above the message to its reader when it asks to pay or reach the writer outside Kasuwa (an account number,
   * a phone number, an e-mail address, a payment link, "pay to my account"…): PAY_THROUGH_KASUWA_WARNING. Null for the
   * message's own writer and for ordinary messages. Nothing is blocked or hidden.
   */
  warning: string | null;
}

/** The scam warning a chat message's reader sees (the "scam warning" rule). */
export const PAY_THROUGH_KASUWA_WARNING = 'Kasuwa protects you only when you pay through Kasuwa. Never pay a seller directly.';

export interface Conversation {
  id: number;
  product: { id: number; name: string; imageUrl: string | null; priceKobo: string } | null;
  buyer: ChatMember;
  seller: ChatMember;
  /** The caller's side. */
  role: 'buyer' | 'seller';
  lastMessage: ChatMessage | null;
  unread: number;
  /** The caller blocked the other member, or was blocked by them: no messages either way. */
  blocked: boolean;
  createdAt: string;
}

/** `POST /api/conversations` → the conversation (the same one again for the same listing and buyer). */
export interface StartConversationRequest {
  /** The listing (a buyer asking its seller)… */
  productId?: number;
  /** …or an order (its buyer or its seller): the conversation about the order's listing with its buyer. */
  orderId?: number;
  message?: string;
}
/** `POST /api/conversations/{id}/messages` as JSON: text or an offer (kobo per unit); a photo goes as multipart `photo`. */
export interface SendMessageRequest {
  text?: string;
  offer?: number;
}
/** `POST /api/conversations/{id}/offers/{messageId}`: the seller accepts or declines. */
export interface DecideOfferRequest {
  accept: boolean;
}
export interface ConversationResponse {
  data: Conversation;
}
export interface ConversationsResponse {
  data: Conversation[];
  meta: { unread: number };
}
export interface MessagesResponse {
  data: ChatMessage[];
}

/** socket.io events on the app's own port (`io(origin, { path: CHAT_SOCKET_PATH, auth: { token } })`). */
export const CHAT_SOCKET_PATH = '/api/socket.io';
export const CHAT_EVENTS = { message: 'message', read: 'read' } as const;
/** Pushed to both members on a new or changed message. */
export interface ChatMessageEvent {
  conversationId: number;
  message: ChatMessage;
}
/** Pushed to the other member when one reads the thread. */
export interface ChatReadEvent {
  conversationId: number;
  readerId: number;
  readAt: string;
}
