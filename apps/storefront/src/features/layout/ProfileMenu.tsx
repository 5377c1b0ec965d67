import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import type { SessionUser } from '../auth/session';
import { initials } from './initials';

// The popup (Menu → Popover → Modal) is only needed once tapped.
const ProfileMenuPopup = lazy(() => import('./ProfileMenuPopup'));

export function ProfileMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const label = user.fullName || user.email;

  return (
    <>
      <IconButton
        aria-label={`Account menu for ${label}`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'profile-menu' : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(e) => {
          setLoaded(true);
          setAnchor(e.currentTarget);
        }}
        sx={{ p: 0.5, ml: 0.5 }}
      >
        <Avatar src={user.profileImage ?? undefined} alt="" sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: '0.9rem' }}>
          {initials(label)}
        </Avatar>
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <ProfileMenuPopup anchor={anchor} label={label} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
