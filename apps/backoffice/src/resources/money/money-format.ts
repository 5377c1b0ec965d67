import { formatNaira, formatStamp, koboToNaira } from '@kasuwa/contracts';

/** Kobo string → "₦12,500.00" (negative: "−₦38,000.00", contracts formatNaira); '—' when there is none. */
export const naira = (kobo: string | null | undefined) =>
  kobo === null || kobo === undefined ? '—' : formatNaira(koboToNaira(Number(kobo)));
/** The back office's one date format, "27 Nov 2026, 14:05" in Lagos time; '—' when there is none. */
export const when = (iso: string | null | undefined) => formatStamp(iso) || '—';
