import { lazy } from 'react';
import PercentIcon from '@mui/icons-material/Percent';

/** Commission notes: one list page; adding and editing happen in a modal on it (spec §2). */
export default {
  list: lazy(() => import('./CommissionList')),
  icon: PercentIcon,
  recordRepresentation: 'note',
  options: { label: 'Commissions' },
};
