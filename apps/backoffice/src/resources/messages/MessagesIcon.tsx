import { useGetList } from 'react-admin';
import { Badge, Box } from '@mui/material';
import MailIcon from '@mui/icons-material/Mail';
import type { ContactMessageRow } from '@kasuwa/contracts';
import visuallyHidden from '@mui/utils/visuallyHidden';

/**
 * The Messages menu icon with the unread count (the server's total of a one-row page of unread
 * messages), refreshed every minute and whenever react-admin refreshes its queries.
 */
export function MessagesIcon() {
  const { total } = useGetList<ContactMessageRow>(
    'messages',
    { filter: { isRead: false }, pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } },
    { refetchInterval: 60_000, refetchOnWindowFocus: true },
  );
  const unread = total ?? 0;
  return (
    <>
      <Badge badgeContent={unread} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } as object }}>
        <MailIcon />
      </Badge>
      {unread > 0 && <Box component="span" sx={visuallyHidden}>{`${unread} unread`}</Box>}
    </>
  );
}
