/** Report and moderation (docs/trust.md "Reports"). */
import { labelsOf } from './labels';
export const REPORT_REASONS = ['scam', 'prohibited', 'wrong_category', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS = /*#__PURE__*/ labelsOf(REPORT_REASONS, {
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item',
  wrong_category: 'Wrong category or price',
});
export const REPORT_TARGET_TYPES = ['product', 'user', 'conversation'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/**
 * A listing is held (hidden from search) until an admin decides when at least this many different reporters whose
 * reports count (verified accounts, see REPORT_HOLD_WEIGHT) have open reports on it.
 */
export const REPORT_HOLD_THRESHOLD = 3;
/**
 * ...and their reports weigh at least this much together. A report from an unverified account weighs 0; a verified
 * one 0.5 to 1.5 by account age (full at 90 days) and completed orders (+0.25 each, up to 2), so young accounts need
 * more of them.
 */
export const REPORT_HOLD_WEIGHT = 3;
/** A reporter whose report on a listing was dismissed: their new reports on it are recorded but weigh 0 this long. */
export const REPORT_DISMISSED_QUIET_DAYS = 30;
/** One reporter's reports weigh on at most this many listings of one seller per window, so one group cannot hold a whole shop. */
export const REPORT_SELLER_CAP = 2;
export const REPORT_SELLER_WINDOW_DAYS = 30;

export const REPORT_ACTIONS = ['block_listing', 'suspend_user', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  block_listing: 'Listing blocked',
  suspend_user: 'Account suspended',
  dismiss: 'No action needed',
};

/** `POST /api/reports` */
export interface CreateReportRequest {
  targetType: ReportTargetType;
  targetId: number;
  reason: ReportReason;
  text?: string;
}

/** What the reported thing looks like, for the moderation queue. */
export interface ReportTargetPreview {
  title: string;
  imageUrl: string | null;
  status: string;
  /** Storefront path (product page, seller page) or null for a conversation. */
  link: string | null;
  /** The user who would be suspended: the listing's seller, the reported user, or the other member of a conversation. */
  userId: number | null;
}

/** One row of `/api/admin/reports` (ra-data-simple-rest). */
export interface AdminReport {
  id: number;
  targetType: ReportTargetType;
  targetId: number;
  reason: ReportReason;
  text: string;
  status: 'open' | 'resolved';
  action: ReportAction | null;
  decisionReason: string | null;
  decidedAt: string | null;
  createdAt: string;
  reporter: { id: number; fullName: string; email: string };
  target: ReportTargetPreview;
  /** Open reports on the same target from different users. */
  openReporters: number;
  /** What this report weighs toward the automatic hold (0: it does not count). */
  weight: number;
}
/** `GET /api/admin/reports/{id}`: also every report on the same target and, for a conversation, its messages. */
export interface AdminReportDetail extends AdminReport {
  history: Omit<AdminReport, 'target' | 'openReporters' | 'targetType' | 'targetId'>[];
  messages?: {
    id: number;
    senderId: number | null;
    senderName: string;
    text: string | null;
    photoUrl: string | null;
    offerKobo: string | null;
    createdAt: string;
  }[];
}
/** `PUT /api/admin/reports/{id}`: decides every open report on the same target; each reporter is told the reason. */
export interface DecideReportRequest {
  action: ReportAction;
  reason: string;
}
