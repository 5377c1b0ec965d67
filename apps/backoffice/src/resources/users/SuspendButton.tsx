import type { MouseEvent } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { Button } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import type { AdminUserRow } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';
import { useRowConfirm } from '../../common/useRowConfirm';

/**
 * Suspend / Reactivate a user (PUT /api/admin/users/:id {status}). Suspension is reversible
 * and stops the user signing in; it asks first because it logs the user out of everything.
 */
export function SuspendButton() {
  const record = useRecordContext<AdminUserRow>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<AdminUserRow>();
  const { open: confirming, ask, close } = useRowConfirm();

  if (!record || record.status === 'deleted') return null;
  const suspending = record.status === 'active';
  const name = record.fullName || record.email;

  const apply = () => {
    const status = suspending ? 'suspended' : 'active';
    update(
      'users',
      { id: record.id, data: { status }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          close();
          notify(suspending ? `${name} is suspended` : `${name} is active again`, { type: 'success' });
          refresh();
        },
        onError: (error) => {
          close();
          notify(errorMessage(error, 'Failed to update user'), { type: 'error', multiLine: true });
        },
      },
    );
  };

  const onClick = (event: MouseEvent) => {
    if (suspending) return ask(event);
    event.stopPropagation(); // the row itself opens the user
    apply();
  };

  return (
    <>
      <Button
        size="small"
        color={suspending ? 'error' : 'primary'}
        startIcon={suspending ? <BlockIcon /> : <RestoreIcon />}
        onClick={onClick}
        disabled={isPending}
        aria-label={`${suspending ? 'Suspend' : 'Reactivate'} ${name}`}
      >
        {suspending ? 'Suspend' : 'Reactivate'}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={`Suspend ${name}?`}
        content="They will not be able to sign in until an admin reactivates the account."
        confirm="Suspend"
        confirmColor="warning"
        onConfirm={apply}
        onClose={close}
      />
    </>
  );
}
