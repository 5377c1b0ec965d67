/** Spec §9: dates in the en-US long or short form; here the short one, "Jan 5, 2026". */
export const formatDate = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '';
