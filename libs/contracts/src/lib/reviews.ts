import type { SellerVerified } from './accounts';
/** Ratings (docs/trust.md): one per completed order by its buyer; 1–5 stars; the seller replies once. */
export const REVIEW_TEXT_MAX = 1000;
/** The buyer may edit their review this long after writing it. */
export const REVIEW_EDIT_DAYS = 7;

/** A seller's score from visible reviews of completed orders; `average` is null when `count` is 0 ("No ratings yet"). */
export interface SellerRating {
  /** One decimal, e.g. 4.3. */
  average: number | null;
  count: number;
  /** Reviews hidden by moderators (not in average or count). */
  hidden: number;
}

/** The words a seller with no rating shows. */
export const NO_RATINGS_YET = 'No ratings yet';

export interface Review {
  id: number;
  orderId: number;
  sellerId: number;
  buyer: { id: number; fullName: string };
  rating: number;
  text: string;
  reply: string | null;
  repliedAt: string | null;
  editedAt: string | null;
  createdAt: string;
  /** The buyer may still edit it (within REVIEW_EDIT_DAYS). */
  editableUntil: string;
}

/** An admin's view of a review: also hidden ones, with the moderation history. */
export interface AdminReview extends Review {
  hidden: boolean;
  hiddenReason: string | null;
  history: { action: 'hide' | 'restore'; reason: string; adminId: number | null; createdAt: string }[];
}

/** `POST /api/reviews` */
export interface CreateReviewRequest {
  orderId: number;
  rating: number;
  text: string;
}
/** `PATCH /api/reviews/{id}` (the buyer, within REVIEW_EDIT_DAYS) */
export interface UpdateReviewRequest {
  rating?: number;
  text?: string;
}
/** `POST /api/reviews/{id}/reply` (the seller, once) */
export interface ReplyReviewRequest {
  text: string;
}
/** `PUT /api/admin/reviews/{id}` */
export interface ModerateReviewRequest {
  hidden: boolean;
  reason: string;
}

/** `GET /api/sellers/{id}`: a seller's public shop facts. */
export interface SellerProfile {
  id: number;
  fullName: string;
  profileImage: string | null;
  memberSince: string;
  listings: number;
  completedOrders: number;
  /** Paid orders cancelled because the seller did not ship them by the ship-by deadline (SHIP_BY after payment). */
  missedShipBy: number;
  rating: SellerRating;
  /** Badges: "E-mail verified", "Phone verified". */
  verified: SellerVerified;
  /** Median minutes the seller took to answer a buyer's first message (last 90 days); null without data. */
  responseMinutes: number | null;
}
export interface SellerProfileResponse {
  data: SellerProfile;
}
/** `GET /api/sellers/{id}/reviews?page=&limit=` */
export interface SellerReviewsResponse {
  data: Review[];
  meta: { page: number; limit: number; total: number; rating: SellerRating };
}

/** The rating shown from app_user's counters. */
export function sellerRating(count: number, sum: number, hidden: number): SellerRating {
  return { average: count ? Math.round((sum / count) * 10) / 10 : null, count, hidden };
}
