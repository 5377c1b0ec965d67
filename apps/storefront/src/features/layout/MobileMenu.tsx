import CloseIcon from '@mui/icons-material/Close';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../app/toast';
import { LOGIN_FIRST_MESSAGE } from '../auth/RequireAuth';
import { rememberReturnTo } from '../auth/returnTo';
import { signOut } from '../auth/session';
import { useSession } from '../auth/useSession';
import { DataSaverToggle } from '../offline/DataSaverToggle';
import { messagesLabel, useUnreadMessages } from '../trust/useUnreadMessages';
import { INFO_LINKS, isActive, MAIN_LINKS } from './navLinks';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Phone navigation. Sell is always listed here; guests who tap it are told to log in first (the product screens). */
export default function MobileMenu({ open, onClose }: Props) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const unread = useUnreadMessages(open && Boolean(session));
  const extraInfo = INFO_LINKS.filter((i) => !MAIN_LINKS.some((m) => m.to === i.to));

  const onSellAsGuest = () => {
    onClose();
    toast.warning(LOGIN_FIRST_MESSAGE);
    rememberReturnTo('/sell');
    void navigate('/auth');
  };

  const item = (label: string, to: string, active: boolean) => (
    <ListItemButton key={to} component={RouterLink} to={to} onClick={onClose} selected={active} aria-current={active ? 'page' : undefined}>
      <ListItemText primary={label} />
    </ListItemButton>
  );

  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280, maxWidth: '85vw' } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
        <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.3rem', color: 'primary.main' }}>
          Kasuwa
        </Typography>
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Mobile">
        <List>
          {MAIN_LINKS.map((l) => {
            if (l.signedInOnly && !session) {
              return (
                <ListItemButton key={l.to} onClick={onSellAsGuest}>
                  <ListItemText primary={l.label} secondary="Login required" />
                </ListItemButton>
              );
            }
            return item(l.label, l.to, isActive(l, location.pathname, location.hash));
          })}
        </List>
        <Divider />
        <List dense>{extraInfo.map((l) => item(l.label, l.to, location.pathname === l.to))}</List>
        <Divider />
        <List>
          {item('Saved items', '/saved', location.pathname === '/saved')}
          {session ? (
            <>
              <ListItemButton
                component={RouterLink}
                to="/inbox"
                onClick={onClose}
                selected={location.pathname.startsWith('/inbox')}
                aria-label={messagesLabel(unread)}
              >
                <ListItemText primary="Messages" />
                <Badge
                  color="error"
                  badgeContent={unread}
                  max={99}
                  invisible={!unread}
                  sx={{ mr: 1.5 }}
                  data-testid="menu-messages-count"
                />
              </ListItemButton>
              {item('Profile', '/profile', location.pathname === '/profile')}
              <ListItemButton
                onClick={() => {
                  onClose();
                  void navigate('/', { replace: true });
                  signOut();
                }}
              >
                <ListItemText primary="Sign out" />
              </ListItemButton>
            </>
          ) : (
            item('Login', '/auth', location.pathname === '/auth')
          )}
          <Divider />
          <DataSaverToggle />
        </List>
      </Box>
    </Drawer>
  );
}
