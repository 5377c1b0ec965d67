import type { Conversation } from '@kasuwa/contracts';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { trustApi } from '../../api/trust';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
import { PageLoader } from '../layout/PageLoader';

export function previewOf(c: Conversation): string {
  const m = c.lastMessage;
  if (!m) return '';
  if (m.kind === 'photo') return 'Photo';
  if (m.kind === 'offer') return `Offer: ₦${(Number(m.offerKobo) / 100).toLocaleString('en-NG')}`;
  return m.text ?? '';
}

/** The inbox: every conversation with its listing's photo, the last message and the unread count. */
export default function InboxPage() {
  // Fetched again every 15 s while the inbox is open (new conversations, unread counts).
  const { data, query } = useApiQuery(queryKeys.inbox(), async () => (await trustApi.conversations()).data, {
    refetchInterval: 15_000,
  });
  const rows = data ?? null;
  const failed = query.isError;
  return (
    <Container maxWidth="md" sx={{ py: 2, px: { xs: 1, sm: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
        Messages
      </Typography>
      {failed && <Typography color="error">Could not load your messages. Check your connection.</Typography>}
      {!rows && !failed && <PageLoader />}
      {rows && rows.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>No messages yet. Use “Message seller” on a listing to start a chat.</Typography>
      )}
      {rows && rows.length > 0 && (
        <List aria-label="Conversations">
          {rows.map((c) => {
            const other = c.role === 'buyer' ? c.seller : c.buyer;
            return (
              <ListItemButton key={c.id} href={`/inbox/${c.id}`} divider>
                <ListItemAvatar>
                  <Badge color="primary" badgeContent={c.unread} invisible={!c.unread}>
                    <Avatar variant="rounded" src={c.product?.imageUrl ?? undefined} alt="" />
                  </Badge>
                </ListItemAvatar>
                <ListItemText
                  primary={`${other.fullName} · ${c.product?.name ?? 'Listing removed'}`}
                  secondary={previewOf(c)}
                  slotProps={{ primary: { noWrap: true, sx: { fontWeight: c.unread ? 700 : 500 } }, secondary: { noWrap: true } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Container>
  );
}
