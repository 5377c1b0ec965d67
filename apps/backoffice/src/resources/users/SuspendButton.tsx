import { useState, type MouseEvent } from 'react';
import { Confirm, useCanAccess, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { Button, Stack, TextField, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import type { AdminUserRow } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';
import { useRowConfirm } from '../../common/useRowConfirm';

/**
 * Suspend / Reactivate a user (PUT /api/admin/users/:id {status, reason}). Suspension is reversible
 * and stops the user signing in; it asks first, with the reason the audit log keeps, because it logs the user out of
 * everything. Hidden from roles that cannot change users.
 */
export function SuspendButton() {
  const record = useRecordContext<AdminUserRow>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<AdminUserRow>();
  const { open: confirming, ask, close } = useRowConfirm();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'edit', record });
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');

  if (!record || record.status === 'deleted' || !canAccess) return null;
  const suspending = record.status === 'active';
  const name = record.fullName || record.email;

  const apply = () => {
    const status = suspending ? 'suspended' : 'active';
    if (suspending && !reason.trim()) {
      setReasonError('Give the reason for the suspension');
      return;
    }
    void update(
      'users',
      { id: record.id, data: { status, ...(suspending ? { reason: reason.trim() } : {}) }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          close();
          setReason('');
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
        content={
          <Stack spacing={2}>
            <Typography>They will not be able to sign in until an admin reactivates the account.</Typography>
            <TextField
              label="Reason"
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError('');
              }}
              error={!!reasonError}
              helperText={reasonError || 'Kept in the audit log.'}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        }
        confirm="Suspend"
        confirmColor="warning"
        onConfirm={apply}
        onClose={close}
      />
    </>
  );
}
