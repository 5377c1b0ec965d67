import type { AuditEntry } from '@kasuwa/contracts';

const show = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** One line of what changed: `status: active → suspended; role: support → finance`. */
export function changeText(e: Pick<AuditEntry, 'before' | 'after'>): string {
  const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  return keys
    .map((k) => (e.before && k in e.before ? `${k}: ${show(e.before[k])} → ${show(e.after?.[k])}` : `${k}: ${show(e.after?.[k])}`))
    .join('; ');
}
