import { lazy } from 'react';
import HowToRegIcon from '@mui/icons-material/HowToReg';

/**
 * Admin requests: accounts filed through /app.admin/signup, approved or declined here.
 * List only: there is nothing to edit on a request, and new admins come from signup.
 */
export default {
  list: lazy(() => import('./AdminList')),
  icon: HowToRegIcon,
  options: { label: 'Admin requests' },
};
