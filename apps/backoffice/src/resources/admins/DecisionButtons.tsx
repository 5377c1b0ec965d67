import { useState, type MouseEvent } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { ADMIN_ROLES, type AdminAccount, type AdminRole, type AdminStatus } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';

type Decision = Extract<AdminStatus, 'active' | 'declined'>;

const CHOICES = [
  { status: 'active', label: 'Approve', variant: 'contained', color: 'primary', Icon: CheckIcon },
  { status: 'declined', label: 'Decline', variant: 'outlined', color: 'error', Icon: CloseIcon },
] as const satisfies readonly {
  status: Decision;
  label: string;
  variant: 'contained' | 'outlined';
  color: 'primary' | 'error';
  Icon: typeof CheckIcon;
}[];

const ROLE_LABELS: Record<AdminRole, string> = { owner: 'Owner', finance: 'Finance', support: 'Support', moderator: 'Moderator' };

/**
 * Approve (with the role the owner picks) / Decline an admin request (PUT /api/admin/admins/:id {status, role}); for an
 * active admin, their role, changed with a reason the audit log keeps ({role, reason}).
 */
export function DecisionButtons() {
  const record = useRecordContext<AdminAccount>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<AdminAccount>();
  const [role, setRole] = useState<AdminRole>('support');
  const [newRole, setNewRole] = useState<AdminRole | null>(null);
  const [reason, setReason] = useState('');
  if (!record) return null;
  if (record.status === 'active') {
    const name = `${record.firstName} ${record.lastName}`.trim() || record.email;
    const change = () => {
      if (!newRole || !reason.trim()) return;
      void update(
        'admins',
        { id: record.id, data: { role: newRole, reason: reason.trim() } as Partial<AdminAccount>, previousData: record },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => {
            setNewRole(null);
            setReason('');
            notify(`${name} is now ${ROLE_LABELS[newRole]}`, { type: 'success' });
            refresh();
          },
          onError: (error) => notify(errorMessage(error, 'Failed to change the role'), { type: 'error', multiLine: true }),
        },
      );
    };
    return (
      <>
        <TextField
          select
          size="small"
          label={`Role of ${name}`}
          value={record.role}
          onChange={(e) => setNewRole(e.target.value as AdminRole)}
          onClick={(e) => e.stopPropagation()}
        >
          {ADMIN_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {ROLE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <Confirm
          isOpen={newRole !== null}
          loading={isPending}
          title={`Make ${name} ${newRole ? ROLE_LABELS[newRole] : ''}?`}
          content={
            <TextField
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              helperText="Kept in the audit log."
              required
              fullWidth
            />
          }
          confirm="Change role"
          onConfirm={change}
          onClose={() => setNewRole(null)}
        />
      </>
    );
  }

  const name = `${record.firstName} ${record.lastName}`.trim() || record.email;
  const open = record.status === 'pending' && !isPending;

  const decide = (status: Decision) => (event: MouseEvent) => {
    event.stopPropagation();
    void update(
      'admins',
      { id: record.id, data: status === 'active' ? { status, role } : { status }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(status === 'active' ? `${name} is now an admin` : `${name}'s request was declined`, {
            type: 'success',
          });
          refresh(); // the row leaves the "pending" filter
        },
        // The product error texts: the server's message, else 'Admin create failed' (approving is what creates the admin).
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
      {open && (
        <TextField
          select
          size="small"
          label={`Role for ${name}`}
          value={role}
          onChange={(e) => setRole(e.target.value as AdminRole)}
          onClick={(e) => e.stopPropagation()}
          sx={{ minWidth: 120 }}
        >
          {ADMIN_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {ROLE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
      )}
      {CHOICES.map(({ status, label, variant, color, Icon }) => (
        <Button
          key={status}
          size="small"
          variant={variant}
          color={color}
          startIcon={<Icon />}
          disabled={!open}
          onClick={decide(status)}
          aria-label={`${label} ${name}`}
        >
          {label}
        </Button>
      ))}
    </Stack>
  );
}
