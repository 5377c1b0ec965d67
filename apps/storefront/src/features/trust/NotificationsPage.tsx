import type { AppNotification } from '@kasuwa/contracts';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { trustApi } from '../../api/trust';
import { PageLoader } from '../layout/PageLoader';

/** The notification centre; opening it marks everything read (the bell's count goes to zero). */
export default function NotificationsPage() {
  const [rows, setRows] = useState<AppNotification[] | null>(null);
  useEffect(() => {
    trustApi.notifications().then(
      (r) => {
        setRows(r.data);
        if (r.meta.unread)
          void trustApi.markRead().then(
            () => window.dispatchEvent(new Event('kasuwa:notifications-read')),
            () => undefined,
          );
      },
      () => setRows([]),
    );
  }, []);
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
