import { DataTable, List, SearchInput, SelectInput, SimpleList } from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import { USER_STATUSES, type AdminUserRow, formatShortDate } from '@kasuwa/contracts';
import { EmptyState } from '../../common/EmptyState';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';
import { StatusChip, statusChoices, statusLabel } from '../../common/StatusChip';
import { userPath } from './paths';
import { SuspendButton } from './SuspendButton';

// Both filters are sent to the server: q searches name and email there (DECISIONS: server paging).
const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Search name or email"
    slotProps={{ htmlInput: { 'aria-label': 'Search users by name or email' } }}
  />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={statusChoices(USER_STATUSES)}
    alwaysOn
    emptyText="All statuses"
  />,
];

const joined = (user: AdminUserRow) => formatShortDate(user.createdAt);
const empty = <EmptyState text="No users found" hint="Try another search or status." />;

/** /app.admin/users — 10 per page, paged, searched and filtered on the server. */
export default function UserList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List<AdminUserRow>
      filters={filters}
      perPage={10}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={false}
      pagination={<ListPagination />}
      // Wide tables scroll inside their card instead of widening the page.
      sx={{ '& .RaList-content': { overflowX: 'auto' } }}
      error={<ListError title="Failed to fetch users" />}
    >
      {isSmall ? (
        <SimpleList<AdminUserRow>
          primaryText={(u) => u.fullName || u.email}
          secondaryText={(u) => u.email}
          tertiaryText={(u) => statusLabel(u.status)}
          rowClick={(id) => userPath(id)}
          empty={empty}
        />
      ) : (
        <DataTable<AdminUserRow> rowClick={(id) => userPath(id)} bulkActionButtons={false} empty={empty}>
          <DataTable.Col source="fullName" label="Name" disableSort />
          <DataTable.Col source="email" label="Email" />
          <DataTable.Col source="phone" label="Phone" disableSort />
          <DataTable.Col source="status" label="Status" field={StatusChip} />
          <DataTable.Col source="createdAt" label="Joined" render={joined} />
          <DataTable.Col label="Actions">
            <SuspendButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
