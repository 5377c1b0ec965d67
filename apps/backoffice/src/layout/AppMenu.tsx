import { Menu } from 'react-admin';
import { Divider } from '@mui/material';
import { StorefrontLogout } from './StorefrontLogout';

/** The sidebar: dashboard, one entry per resource, and the logout the spec puts there. */
export function AppMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Divider sx={{ my: 1 }} />
      <StorefrontLogout />
    </Menu>
  );
}
