import { useCanAccess, useGetList } from 'react-admin';
import { Alert, List, ListItem, ListItemText, Typography } from '@mui/material';
import { formatShortDate, type AuditEntry } from '@kasuwa/contracts';
import { ShowSection } from '../../common/ShowSection';
import { changeText } from './changeText';

/** The audit entries of one record (a user, a listing, an order…) on its page, for admins whose role opens the audit log. */
export function RecordAuditLog({ targetType, targetId }: { targetType: string; targetId: string | number | undefined }) {
  const { canAccess } = useCanAccess({ resource: 'audit-log', action: 'list' });
  const { data, isPending, error } = useGetList<AuditEntry>(
    'audit-log',
    { filter: { targetType, targetId: String(targetId) }, sort: { field: 'at', order: 'DESC' }, pagination: { page: 1, perPage: 25 } },
    { enabled: canAccess === true && targetId !== undefined },
  );
  if (!canAccess) return null;
  return (
    <ShowSection title="Audit log">
      {error ? (
        <Alert severity="error">Failed to fetch the audit log</Alert>
      ) : isPending ? null : !data?.length ? (
        <Typography variant="body2">No admin has changed this record.</Typography>
      ) : (
        <List dense aria-label="Audit entries">
          {data.map((e) => (
            <ListItem key={e.id} disableGutters>
              <ListItemText
                primary={`${formatShortDate(e.at)} · ${e.adminEmail} · ${e.action}${e.reason ? ` — ${e.reason}` : ''}`}
                secondary={changeText(e) || undefined}
              />
            </ListItem>
          ))}
        </List>
      )}
    </ShowSection>
  );
}
