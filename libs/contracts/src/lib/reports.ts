/** Report and moderation (issue 14; DECISIONS.md "Reports"). */
import { labelsOf } from './labels';
export const REPORT_REASONS = ['scam', 'prohibited', 'wrong_category', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS = labelsOf(REPORT_REASONS, { scam: 'Scam or fraud', prohibited: 'Prohibited item', wrong_category: 'Wrong category or price' });
export const REPORT_TARGET_TYPES = ['product', 'user', 'conversation'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** A listing reported by this many different users is held (hidden from search) until an admin decides. */
export const REPORT_HOLD_THRESHOLD = 3;

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
}
/** `GET /api/admin/reports/{id}`: also every report on the same target and, for a conversation, its messages. */
export interface AdminReportDetail extends AdminReport {
  history: Omit<AdminReport, 'target' | 'openReporters' | 'targetType' | 'targetId'>[];
  messages?: { id: number; senderId: number | null; senderName: string; text: string | null; photoUrl: string | null; offerKobo: string | null; createdAt: string }[];
}
/** `PUT /api/admin/reports/{id}`: decides every open report on the same target; each reporter is told the reason. */
export interface DecideReportRequest {
  action: ReportAction;
  reason: string;
}
