import ChatIcon from '@mui/icons-material/ChatOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Badge from '@mui/material/Badge';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../auth/session';
import { messagesLabel, useUnreadMessages } from '../trust/useUnreadMessages';

interface Props {
  anchor: HTMLElement | null;
  label: string;
  onClose: () => void;
}

/** The menu's entries: each closes the menu and goes somewhere; signing out also lands on the home page. */
const ENTRIES = [
  { label: 'Profile', Icon: PersonIcon, to: '/profile' },
  { label: 'Messages', Icon: ChatIcon, to: '/inbox', unread: true },
  { label: 'Saved items', Icon: FavoriteBorderIcon, to: '/saved' },
  { label: 'Sign out', Icon: LogoutIcon, to: '/', signOut: true },
];

export default function ProfileMenuPopup({ anchor, label, onClose }: Props) {
  const navigate = useNavigate();
  const unread = useUnreadMessages(Boolean(anchor));
  return (
    <Menu id="profile-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <Typography variant="body2" sx={{ px: 2, py: 1, color: 'text.secondary', maxWidth: 260 }} noWrap>
        {label}
      </Typography>
      {ENTRIES.map((entry) => (
        <MenuItem
          key={entry.label}
          aria-label={entry.unread ? messagesLabel(unread) : undefined}
          onClick={() => {
            onClose();
            void navigate(entry.to, { replace: entry.signOut });
            if (entry.signOut) signOut();
          }}
        >
          <ListItemIcon>
            <entry.Icon fontSize="small" />
          </ListItemIcon>
          {entry.label}
          {entry.unread && (
            <Badge
              color="error"
              badgeContent={unread}
              max={99}
              invisible={!unread}
              sx={{ ml: 'auto', pl: 3, mr: 1 }}
              data-testid="menu-messages-count"
            />
          )}
        </MenuItem>
      ))}
    </Menu>
  );
}
