import type { AdminSelf } from '@kasuwa/contracts';
import TwoFactorPage from '../auth/TwoFactorPage';
import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, TitlePortal, UserMenu, usePermissions } from 'react-admin';
import { Typography } from '@mui/material';
import { AppMenu } from './AppMenu';
import { StorefrontLogout } from './StorefrontLogout';

function AppUserMenu() {
  return (
    <UserMenu>
      <StorefrontLogout />
    </UserMenu>
  );
}

/** react-admin's bar, its loading spinner named (axe: every progressbar needs an accessible name). */
export function AppTopBar() {
  return (
    <AppBar userMenu={<AppUserMenu />} toolbar={<LoadingIndicator aria-label="Loading" />}>
      <Typography component="span" sx={{ fontWeight: 700, mr: 2, display: { xs: 'none', sm: 'inline' }, whiteSpace: 'nowrap' }}>
        Kasuwa
      </Typography>
      <TitlePortal />
    </AppBar>
  );
}

/** react-admin's responsive layout (the sidebar becomes a drawer on phones). */
export function AppLayout({ children }: { children: ReactNode }) {
  const { permissions } = usePermissions<AdminSelf>();
  return (
    <Layout appBar={AppTopBar} menu={AppMenu}>
      {/* ADMIN_2FA=required: an admin without two-factor sign-in sees only its set-up (the API refuses the rest). */}
      {permissions?.mustEnrol ? <TwoFactorPage /> : children}
    </Layout>
  );
}
