import { SimpleList, useRedirect } from 'react-admin';
import type { GridColDef } from '@mui/x-data-grid';
import { USER_STATUSES, type AdminUserRow, formatStamp } from '@kasuwa/contracts';
import { EmptyState } from '../../common/EmptyState';
import { GridList } from '../../common/GridList';
import { searchFilter, statusFilter } from '../../common/listFilters';
import { StatusChip, statusLabel } from '../../common/StatusChip';
import { userPath } from './paths';
import { SuspendButton } from './SuspendButton';

// Both filters are sent to the server: q searches name and email there (docs/api-conventions.md: server paging).
const filters = [searchFilter('Search name or email', 'Search users by name or email'), statusFilter(USER_STATUSES)];

const columns: GridColDef<AdminUserRow>[] = [
  { field: 'fullName', headerName: 'Name', flex: 1, minWidth: 160, sortable: false, filterable: false },
  { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 200, filterable: false },
  { field: 'phone', headerName: 'Phone', width: 140, sortable: false, filterable: false },
  {
    field: 'status',
    headerName: 'Status',
    width: 130,
    type: 'singleSelect',
    valueOptions: USER_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
    filterable: true,
    renderCell: () => <StatusChip source="status" />,
  },
  { field: 'createdAt', headerName: 'Joined', width: 130, filterable: false, valueFormatter: (value: string) => formatStamp(value) },
  {
    field: 'actions',
    headerName: 'Actions',
    width: 150,
    sortable: false,
    filterable: false,
    disableExport: true,
    renderCell: () => <SuspendButton />,
  },
];

const EMPTY_TEXT = 'No users found';
const EMPTY_HINT = 'Try another search or status.';

/** /app.admin/users — 10 per page, paged, searched and filtered on the server. */
export default function UserList() {
  const redirect = useRedirect();
  return (
    <GridList<AdminUserRow>
      label="Users"
      filters={filters}
      errorTitle="Failed to fetch users"
      emptyText={EMPTY_TEXT}
      emptyHint={EMPTY_HINT}
      columns={columns}
      onRowClick={(u) => redirect(userPath(u.id))}
      phone={
        <SimpleList<AdminUserRow>
          primaryText={(u) => u.fullName || u.email}
          secondaryText={(u) => u.email}
          tertiaryText={(u) => statusLabel(u.status)}
          rowClick={(id) => userPath(id)}
          empty={<EmptyState text={EMPTY_TEXT} hint={EMPTY_HINT} />}
        />
      }
    />
  );
}
