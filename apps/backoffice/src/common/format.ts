/** Spec §9: dates in the en-US long or short form; here the short one, "Jan 5, 2026". */
export const formatDate = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '';

/** Date and time for messages and audit fields: "Nov 22, 2026, 12:22 PM". */
export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '';
