import { useRecordContext } from 'react-admin';
import { Chip, type ChipProps } from '@mui/material';

const colours: Record<string, ChipProps['color']> = {
  active: 'success',
  pending: 'warning',
  suspended: 'error',
  declined: 'error',
  deleted: 'default',
};

/** 'suspended' → 'Suspended' */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** A record's status as a coloured chip; the text carries the meaning, colour only helps. */
export function StatusChip({ source = 'status' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const status = record?.[source];
  if (typeof status !== 'string') return null;
  return <Chip size="small" variant="outlined" color={colours[status] ?? 'default'} label={statusLabel(status)} />;
}

/** SelectInput choices built from a contracts status list. */
export const statusChoices = (statuses: readonly string[]) =>
  statuses.map((id) => ({ id, name: statusLabel(id) }));
