import { DataTable, SelectInput, SimpleList } from 'react-admin';
import { Box, Typography, useMediaQuery, type SxProps, type Theme } from '@mui/material';
import type { ContactMessageRow } from '@kasuwa/contracts';
import { EmptyState } from '../../common/EmptyState';
import { BackOfficeList } from '../../common/BackOfficeList';
import { searchFilter } from '../../common/listFilters';
import { MessageStatusChip, messageStatus } from './MessageStatusChip';
import { messagePath } from './paths';
import { formatStamp } from '@kasuwa/contracts';

/** Columns typed with the row, so render functions get a ContactMessageRow. */
const Col = DataTable.Col<ContactMessageRow>;

const filters = [
  searchFilter('Search messages', 'Search messages by sender or subject'),
  <SelectInput
    key="isRead"
    source="isRead"
    label="Show"
    choices={[
      { id: 'false', name: 'Unread' },
      { id: 'true', name: 'Read' },
    ]}
    alwaysOn
    emptyText="All messages"
  />,
];

const empty = <EmptyState text="No messages found" hint="Messages sent from the Contact page appear here." />;

/** Unread messages stand out in bold (the status chip says it in words too). */
const bold: SxProps = { '& td, & .MuiTypography-root': { fontWeight: 700 } };
const unreadSx = (m: ContactMessageRow): SxProps => (m.isRead ? {} : bold);

const sender = (m: ContactMessageRow) => m.name || m.email;

function FromCell({ message }: { message: ContactMessageRow }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {sender(message)}
      </Typography>
      {message.name && (
        <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {message.email}
        </Typography>
      )}
    </Box>
  );
}

/**
 * /app.admin/messages — the contact inbox, unread first then newest (the API's fixed order,
 * so the columns do not sort), searched and filtered on the server.
 */
export default function MessageList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <BackOfficeList<ContactMessageRow> title="Messages" filters={filters} errorTitle="Failed to fetch messages">
      {isSmall ? (
        <SimpleList<ContactMessageRow>
          primaryText={(m) => m.subject}
          secondaryText={(m) => `${sender(m)} · ${formatStamp(m.createdAt)}`}
          tertiaryText={(m) => messageStatus(m)}
          rowClick={(id) => messagePath(id)}
          rowSx={unreadSx}
          empty={empty}
        />
      ) : (
        <DataTable<ContactMessageRow> rowClick={(id) => messagePath(id)} rowSx={unreadSx} bulkActionButtons={false} empty={empty}>
          <Col label="Status" render={(m) => <MessageStatusChip message={m} />} disableSort />
          <Col label="From" render={(m) => <FromCell message={m} />} disableSort />
          <Col source="subject" label="Subject" disableSort cellSx={() => ({ overflowWrap: 'anywhere', minWidth: 160 })} />
          <Col
            source="createdAt"
            label="Received"
            render={(m) => formatStamp(m.createdAt)}
            disableSort
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
        </DataTable>
      )}
    </BackOfficeList>
  );
}
