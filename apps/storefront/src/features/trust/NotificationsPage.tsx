import type { AppNotification } from '@kasuwa/contracts';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { trustApi } from '../../api/trust';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
import { PageLoader } from '../layout/PageLoader';

/** The notification centre; opening it marks everything read (the bell's count goes to zero). */
export default function NotificationsPage() {
  const { data, error } = useApiQuery(queryKeys.notifications(), async () => {
    const r = await trustApi.notifications();
    if (r.meta.unread)
      void trustApi.markRead().then(
        () => window.dispatchEvent(new Event('kasuwa:notifications-read')),
        () => undefined,
      );
    return r.data;
  });
  // A list that could not be fetched reads as an empty one.
  const rows: AppNotification[] | null = data ?? (error ? [] : null);
  return (
    <Container maxWidth="md" sx={{ py: 2, px: { xs: 1, sm: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
        Notifications
      </Typography>
      {!rows && <PageLoader />}
      {rows?.length === 0 && <Typography sx={{ color: 'text.secondary' }}>Nothing yet.</Typography>}
      <List>
        {rows?.map((n) => (
          <ListItemButton key={n.id} divider href={n.link ?? undefined} component={n.link ? 'a' : 'div'}>
            <ListItemText
              primary={n.title}
              secondary={`${n.body ? `${n.body} · ` : ''}${new Date(n.createdAt).toLocaleString('en-NG')}`}
              slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 700 } } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Container>
  );
}
