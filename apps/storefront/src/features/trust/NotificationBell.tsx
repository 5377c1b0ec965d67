import ChatIcon from '@mui/icons-material/ChatOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { trustApi } from '../../api/trust';

const POLL_MS = 30_000;

/** Signed-in only (loaded after sign-in, never in the first download): the inbox and the bell with the unread count. */
export default function NotificationBell() {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let alive = true;
    const load = () => {
      trustApi.unread().then(
        (r) => alive && setUnread(r.data.unread),
        () => undefined,
      );
    };
    load();
    const timer = window.setInterval(load, POLL_MS);
    const onRead = () => setUnread(0);
    window.addEventListener('kasuwa:notifications-read', onRead);
    return () => {
      alive = false;
      window.clearInterval(timer);
      window.removeEventListener('kasuwa:notifications-read', onRead);
    };
  }, []);
  return (
    <>
      {/* On a phone the bar has no room for both: the inbox is one tap from the bell's page and the menu. */}
      <IconButton
        component={RouterLink}
        to="/inbox"
        aria-label="Messages"
        title="Messages"
        sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
      >
        <ChatIcon />
      </IconButton>
      <IconButton
        component={RouterLink}
        to="/notifications"
        size="small"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        title="Notifications"
      >
        <Badge color="error" badgeContent={unread} max={99} invisible={!unread} data-testid="bell-count">
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </>
  );
}
