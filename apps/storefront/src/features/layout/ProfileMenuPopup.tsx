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

export default function ProfileMenuPopup({ anchor, label, onClose }: Props) {
  const navigate = useNavigate();
  return (
    <Menu id="profile-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <Typography variant="body2" sx={{ px: 2, py: 1, color: 'text.secondary', maxWidth: 260 }} noWrap>
        {label}
      </Typography>
      <MenuItem
        onClick={() => {
          onClose();
          navigate('/profile');
        }}
      >
        <ListItemIcon>
          <PersonIcon fontSize="small" />
        </ListItemIcon>
        Profile
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          navigate('/saved');
        }}
      >
        <ListItemIcon>
          <FavoriteBorderIcon fontSize="small" />
        </ListItemIcon>
        Saved items
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          navigate('/', { replace: true });
          signOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Sign out
      </MenuItem>
    </Menu>
  );
}
