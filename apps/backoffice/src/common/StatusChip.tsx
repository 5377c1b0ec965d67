import { useRecordContext } from 'react-admin';
import { Chip, type ChipProps } from '@mui/material';

const colours: Record<string, ChipProps['color']> = {
  active: 'success',
  pending: 'warning',
  suspended: 'error',
  declined: 'error',
  deleted: 'default',
  // Listings (products resource).
  sold_out: 'warning',
  withdrawn: 'default',
  blocked: 'error',
  held: 'warning',
};

/** 'suspended' → 'Suspended', 'sold_out' → 'Sold out' */
export const statusLabel = (status: string) => {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The colour a status chip uses (exported for chips built outside a record context). */
export const statusColour = (status: string): ChipProps['color'] => colours[status] ?? 'default';

/** A record's status as a coloured chip; the text carries the meaning, colour only helps. */
export function StatusChip({ source = 'status' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const status = record?.[source];
  if (typeof status !== 'string') return null;
  return <Chip size="small" variant="outlined" color={statusColour(status)} label={statusLabel(status)} />;
}

/** SelectInput choices built from a contracts status list. */
export const statusChoices = (statuses: readonly string[]) =>
  statuses.map((id) => ({ id, name: statusLabel(id) }));
