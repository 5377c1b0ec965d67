import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';

/**
 * Users (buyers and sellers). No `create`: people sign up on the storefront themselves.
 * Views are lazy so the first page load carries only what the login page needs.
 * `show` and `edit` are mounted by UserRoutes at the spec's URLs (see paths.ts).
 */
export default {
  list: lazy(() => import('./UserList')),
  show: lazy(() => import('./UserShow')),
  edit: lazy(() => import('./UserEdit')),
  icon: PeopleIcon,
  recordRepresentation: 'fullName',
};
