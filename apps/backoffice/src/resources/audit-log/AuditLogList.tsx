import { DateInput, TextInput } from 'react-admin';
import { Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { formatShortDate, type AuditEntry } from '@kasuwa/contracts';
import { GridList } from '../../common/GridList';
import { changeText } from './changeText';

const EMPTY_TEXT = 'No audit entries found';
const EMPTY_HINT = 'Try adjusting your filters';

const columns: GridColDef<AuditEntry>[] = [
  {
    field: 'at',
    headerName: 'When',
    width: 170,
    filterable: false,
    valueFormatter: (_v, e) => `${formatShortDate(e.at)} ${e.at.slice(11, 19)}`,
  },
  { field: 'adminEmail', headerName: 'Admin', flex: 1, minWidth: 180, filterable: false },
  { field: 'action', headerName: 'Action', width: 180, filterable: false },
  { field: 'targetType', headerName: 'Target', width: 120, filterable: false },
  { field: 'targetId', headerName: 'Id', width: 80, sortable: false, filterable: false },
  { field: 'reason', headerName: 'Reason', flex: 1, minWidth: 180, sortable: false, filterable: false },
  {
    field: 'change',
    headerName: 'Before → after',
    flex: 1,
    minWidth: 220,
    sortable: false,
    filterable: false,
    valueGetter: (_v, e) => changeText(e),
  },
  { field: 'requestId', headerName: 'Request', width: 120, sortable: false, filterable: false },
  { field: 'clientIp', headerName: 'Address', width: 120, sortable: false, filterable: false },
];

/** Filters: admin (id), action, target type and id, a date range (from / to, whole days). */
const filters = [
  <TextInput key="action" source="action" label="Action" alwaysOn />,
  <TextInput key="targetType" source="targetType" label="Target" alwaysOn />,
  <TextInput key="targetId" source="targetId" label="Target id" />,
  <TextInput key="adminId" source="adminId" label="Admin id" />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];

/** Phones: one card per entry. */
const auditCard = (e: AuditEntry) => (
  <Stack spacing={0.5} sx={{ p: 2 }}>
    <Typography sx={{ fontWeight: 600 }}>
      {e.action} · {e.targetType} {e.targetId ?? ''}
    </Typography>
    <Typography variant="body2">{e.adminEmail}</Typography>
    {e.reason && <Typography variant="body2">Reason: {e.reason}</Typography>}
    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
      {formatShortDate(e.at)} · {changeText(e)}
    </Typography>
  </Stack>
);

/**
 * /app.admin/audit-log — every admin write, newest first: who, when, what, to which record, before and after, and why.
 * Read-only; the grid's toolbar exports the rows as CSV.
 */
export default function AuditLogList() {
  return (
    <GridList<AuditEntry>
      label="Audit log"
      perPage={25}
      errorTitle="Failed to fetch the audit log"
      emptyText={EMPTY_TEXT}
      emptyHint={EMPTY_HINT}
      columns={columns}
      filters={filters}
      onRowClick={() => undefined}
      card={auditCard}
    />
  );
}
