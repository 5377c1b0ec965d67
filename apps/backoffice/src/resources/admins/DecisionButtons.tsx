import type { MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { Button, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import type { AdminAccount, AdminStatus } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';

type Decision = Extract<AdminStatus, 'active' | 'declined'>;

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
      <Button
        size="small"
        variant="contained"
        color="primary"
        startIcon={<CheckIcon />}
        disabled={!open}
        onClick={decide('active')}
        aria-label={`Approve ${name}`}
      >
        Approve
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<CloseIcon />}
        disabled={!open}
        onClick={decide('declined')}
        aria-label={`Decline ${name}`}
      >
        Decline
      </Button>
    </Stack>
  );
}
