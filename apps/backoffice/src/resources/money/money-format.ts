import { formatNaira, koboToNaira } from '@kasuwa/contracts';

/** Kobo string → "₦12,500.00". */
export const naira = (kobo: string | null | undefined) => (kobo === null || kobo === undefined ? '—' : formatNaira(koboToNaira(Number(kobo))));
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' }) : '—');
