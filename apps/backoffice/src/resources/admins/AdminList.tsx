import { DataTable, SelectInput } from 'react-admin';
import { Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ADMIN_STATUSES, type AdminAccount, formatStamp } from '@kasuwa/contracts';
import { EmptyState } from '../../common/EmptyState';
import { BackOfficeList } from '../../common/BackOfficeList';
import { RecordCards } from '../../common/RecordCards';
import { StatusChip, statusChoices } from '../../common/StatusChip';
import { DecisionButtons } from './DecisionButtons';

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={statusChoices(ADMIN_STATUSES)} alwaysOn emptyText="All statuses" />,
];

const fullName = (a: AdminAccount) => `${a.firstName} ${a.lastName}`.trim();
const empty = <EmptyState text="No admin requests found" hint="New requests appear here when someone signs up." />;

/** Phones: one stacked card per request, so the decision buttons stay reachable at 360 px. */
function RequestCards() {
  return (
    <RecordCards<AdminAccount> empty={empty}>
      {(admin) => (
        <Stack spacing={1} sx={{ p: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{fullName(admin)}</Typography>
            <StatusChip />
          </Stack>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {admin.email}
            {admin.phone ? ` · ${admin.phone}` : ''}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Requested {formatStamp(admin.createdAt)}
          </Typography>
          <DecisionButtons />
        </Stack>
      )}
    </RecordCards>
  );
}

/**
 * /app.admin/admins — signup requests and admin accounts; pending ones by default.
 * The API sorts this list by request date only, so the other columns are not sortable.
 */
export default function AdminList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const isWide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('xl'));
  return (
    <BackOfficeList<AdminAccount>
      title="Admin requests"
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      errorTitle="Failed to fetch admin requests"
    >
      {isSmall ? (
        <RequestCards />
      ) : (
        <DataTable<AdminAccount> rowClick={false} bulkActionButtons={false} empty={empty}>
          <DataTable.Col label="Name" render={fullName} disableSort />
          <DataTable.Col source="email" label="Email" disableSort cellSx={() => ({ overflowWrap: 'anywhere' })} />
          {isWide && <DataTable.Col source="phone" label="Phone" disableSort />}
          <DataTable.Col source="status" label="Status" field={StatusChip} disableSort />
          <DataTable.Col source="createdAt" label="Requested" render={(a: AdminAccount) => formatStamp(a.createdAt)} />
          {isWide && (
            <DataTable.Col source="decidedAt" label="Decided" render={(a: AdminAccount) => formatStamp(a.decidedAt)} disableSort />
          )}
          <DataTable.Col label="Decision">
            <DecisionButtons />
          </DataTable.Col>
        </DataTable>
      )}
    </BackOfficeList>
  );
}
