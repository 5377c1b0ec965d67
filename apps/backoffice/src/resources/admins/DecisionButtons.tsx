import type { MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { Button, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import type { AdminAccount, AdminStatus } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';

type Decision = Extract<AdminStatus, 'active' | 'declined'>;

const CHOICES = [
  { status: 'active', label: 'Approve', variant: 'contained', color: 'primary', Icon: CheckIcon },
  { status: 'declined', label: 'Decline', variant: 'outlined', color: 'error', Icon: CloseIcon },
] as const satisfies readonly { status: Decision; label: string; variant: 'contained' | 'outlined'; color: 'primary' | 'error'; Icon: typeof CheckIcon }[];

/** Approve / Decline an admin request (PUT /api/admin/admins/:id {status}). Only pending ones. */
export function DecisionButtons() {
  const record = useRecordContext<AdminAccount>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<AdminAccount>();
  if (!record) return null;

  const name = `${record.firstName} ${record.lastName}`.trim() || record.email;
  const open = record.status === 'pending' && !isPending;

  const decide = (status: Decision) => (event: MouseEvent) => {
    event.stopPropagation();
    update(
      'admins',
      { id: record.id, data: { status }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(status === 'active' ? `${name} is now an admin` : `${name}'s request was declined`, {
            type: 'success',
          });
          refresh(); // the row leaves the "pending" filter
        },
        // Spec §8: the server's message, else 'Admin create failed' (approving is what creates the admin).
        onError: (error) =>
          notify(errorMessage(error, status === 'active' ? 'Admin create failed' : 'Failed to update the request'), {
            type: 'error',
            multiLine: true,
          }),
      },
    );
  };

  return (
    <Stack direction="row" spacing={1}>
      {CHOICES.map(({ status, label, variant, color, Icon }) => (
        <Button key={status} size="small" variant={variant} color={color} startIcon={<Icon />} disabled={!open} onClick={decide(status)} aria-label={`${label} ${name}`}>
          {label}
        </Button>
      ))}
    </Stack>
  );
}
