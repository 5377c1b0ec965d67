import { lazy } from 'react';
import CategoryIcon from '@mui/icons-material/Category';

/** Categories: one list page; adding and editing happen in a modal on it (spec §2). */
export default {
  list: lazy(() => import('./CategoryList')),
  icon: CategoryIcon,
  recordRepresentation: 'categoryName',
  options: { label: 'Categories' },
};
