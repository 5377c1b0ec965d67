import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../auth/session';

interface Props {
  anchor: HTMLElement | null;
  label: string;
  onClose: () => void;
}

/** The menu's entries: each closes the menu and goes somewhere; signing out also lands on the home page. */
const ENTRIES = [
  { label: 'Profile', Icon: PersonIcon, to: '/profile' },
  { label: 'Saved items', Icon: FavoriteBorderIcon, to: '/saved' },
  { label: 'Sign out', Icon: LogoutIcon, to: '/', signOut: true },
];

export default function ProfileMenuPopup({ anchor, label, onClose }: Props) {
  const navigate = useNavigate();
  return (
    <Menu id="profile-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <Typography variant="body2" sx={{ px: 2, py: 1, color: 'text.secondary', maxWidth: 260 }} noWrap>
        {label}
      </Typography>
      {ENTRIES.map((entry) => (
        <MenuItem
          key={entry.label}
          onClick={() => {
            onClose();
            navigate(entry.to, { replace: entry.signOut });
            if (entry.signOut) signOut();
          }}
        >
          <ListItemIcon>
            <entry.Icon fontSize="small" />
          </ListItemIcon>
          {entry.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
