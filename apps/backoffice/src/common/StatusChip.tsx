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

/**
 * A status as the back office shows one: a small outlined chip with its label, in its colour (`default` for one the
 * colours do not know); nothing when there is no status. The text carries the meaning, colour only helps.
 */
export function LabelledStatusChip(props: {
  status: string | null | undefined;
  label: (status: string) => string;
  colours: Partial<Record<string, ChipProps['color']>>;
}) {
  const { status, label, colours } = props;
  if (!status) return null;
  return <Chip size="small" variant="outlined" color={colours[status] ?? 'default'} label={label(status)} />;
}

/** A record's status as a coloured chip. */
export function StatusChip({ source = 'status' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const status: unknown = record?.[source];
  return <LabelledStatusChip status={typeof status === 'string' ? status : null} label={statusLabel} colours={colours} />;
}

/** SelectInput choices built from a contracts status list. */
export const statusChoices = (statuses: readonly string[]) => statuses.map((id) => ({ id, name: statusLabel(id) }));
