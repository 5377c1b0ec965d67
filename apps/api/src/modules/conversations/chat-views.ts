import { DELETED_USER, type ChatMember, type ChatMessage, type Conversation } from '@kasuwa/contracts';

/** A member's public name: "Deleted user" once the account is gone. */
export const memberSql = (alias: string) =>
  `CASE WHEN ${alias}.status = 'deleted' THEN '${DELETED_USER}' ELSE coalesce(nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), split_part(${alias}.email, '@', 1)) END`;

export const MESSAGE_COLUMNS = `m.id, m.conversation_id, m.sender_id, m.kind, m.text, m.photo, m.offer_kobo, m.offer_status, m.warning, m.created_at`;

export interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  kind: ChatMessage['kind'];
  text: string | null;
  photo: { imageUrl: string; thumbnailUrl: string } | null;
  offer_kobo: string | null;
  offer_status: ChatMessage['offerStatus'];
  warning: string | null;
  created_at: Date;
}

/** A message as `row_to_json` gives it (a conversation's `last`): the timestamp an ISO string, the bigint a JSON number. */
export type MessageJson = Omit<MessageRow, 'offer_kobo' | 'created_at'> & { offer_kobo: number | null; created_at: string };

/**
 * `otherReadAt`: when the member who did not send it last read the thread (read receipts). `viewerId`: who reads it —
 * the scam warning is shown to the reader only (never to its writer: it would teach a scammer to rephrase); an
 * admin (viewerId null) sees it.
 */
export function toMessage(m: MessageRow | MessageJson, readAtOf: (senderId: number) => Date | null, viewerId: number | null): ChatMessage {
  const readAt = readAtOf(m.sender_id);
  return {
    id: m.id,
    conversationId: m.conversation_id,
    senderId: m.sender_id,
    kind: m.kind,
    text: m.text,
    photo: m.photo ? { imageUrl: m.photo.imageUrl, thumbnailUrl: m.photo.thumbnailUrl } : null,
    offerKobo: m.offer_kobo === null ? null : String(m.offer_kobo),
    offerStatus: m.offer_status,
    createdAt: new Date(m.created_at).toISOString(),
    read: readAt !== null && new Date(readAt).getTime() >= new Date(m.created_at).getTime(),
    warning: viewerId === m.sender_id ? null : (m.warning ?? null),
  };
}

export interface ConversationRow {
  id: number;
  product_id: number | null;
  product_name: string | null;
  product_image: string | null;
  product_price: string | null;
  buyer_id: number;
  buyer_name: string;
  buyer_image: string | null;
  seller_id: number;
  seller_name: string;
  seller_image: string | null;
  buyer_read_at: Date | null;
  seller_read_at: Date | null;
  created_at: Date;
  blocked: boolean;
  unread: number;
  last: MessageJson | null;
}

export const CONVERSATION_SELECT = (viewer: string) => `
  SELECT c.id, c.product_id, p.product_name, p.images->0->>'thumbnailUrl' AS product_image, p.price_kobo::text AS product_price,
         c.buyer_id, ${memberSql('b')} AS buyer_name, CASE WHEN b.status = 'deleted' THEN NULL ELSE b.profile_image END AS buyer_image,
         c.seller_id, ${memberSql('s')} AS seller_name, CASE WHEN s.status = 'deleted' THEN NULL ELSE s.profile_image END AS seller_image,
         c.buyer_read_at, c.seller_read_at, c.created_at,
         EXISTS (SELECT 1 FROM user_block k WHERE (k.blocker_id = c.buyer_id AND k.blocked_id = c.seller_id) OR (k.blocker_id = c.seller_id AND k.blocked_id = c.buyer_id)) AS blocked,
         (SELECT count(*)::int FROM message u WHERE u.conversation_id = c.id AND u.sender_id <> ${viewer}
             AND u.created_at > coalesce(CASE WHEN c.buyer_id = ${viewer} THEN c.buyer_read_at ELSE c.seller_read_at END, '-infinity')) AS unread,
         (SELECT row_to_json(l) FROM (SELECT ${MESSAGE_COLUMNS} FROM message m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1) l) AS last
    FROM conversation c
    JOIN app_user b ON b.id = c.buyer_id
    JOIN app_user s ON s.id = c.seller_id
    LEFT JOIN product p ON p.id = c.product_id`;

export function toConversation(r: ConversationRow, viewerId: number): Conversation {
  const readAtOf = (sender: number) => (sender === r.buyer_id ? r.seller_read_at : r.buyer_read_at);
  const member = (id: number, fullName: string, profileImage: string | null): ChatMember => ({ id, fullName, profileImage });
  return {
    id: r.id,
    product: r.product_id
      ? { id: r.product_id, name: r.product_name ?? '', imageUrl: r.product_image, priceKobo: r.product_price ?? '0' }
      : null,
    buyer: member(r.buyer_id, r.buyer_name, r.buyer_image),
    seller: member(r.seller_id, r.seller_name, r.seller_image),
    role: viewerId === r.seller_id ? 'seller' : 'buyer',
    lastMessage: r.last ? toMessage(r.last, readAtOf, viewerId) : null,
    unread: r.unread,
    blocked: r.blocked,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
