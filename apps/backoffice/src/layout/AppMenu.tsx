import { Menu } from 'react-admin';
import { Divider } from '@mui/material';
import SecurityIcon from '@mui/icons-material/Security';
import { StorefrontLogout } from './StorefrontLogout';

/**
 * The sidebar: dashboard, one entry per resource the admin's role opens (react-admin asks the authProvider's
 * canAccess, which reads the same role map the API enforces), two-factor sign-in, and the logout the spec puts there.
 */
export function AppMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Divider sx={{ my: 1 }} />
      <Menu.Item to="/two-factor" primaryText="Two-factor sign-in" leftIcon={<SecurityIcon />} />
      <StorefrontLogout />
    </Menu>
  );
}
