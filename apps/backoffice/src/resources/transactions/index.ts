import { lazy } from 'react';
import PaymentsIcon from '@mui/icons-material/Payments';

/**
 * Payments (Paystack transactions). List at /transactions, detail at /transactions/:id
 * (TransactionRoutes). Read-only: the only action is "Re-verify with Paystack". Views are lazy.
 */
export default {
  list: lazy(() => import('./TransactionList')),
  show: lazy(() => import('./TransactionShow')),
  icon: PaymentsIcon,
  recordRepresentation: 'reference',
  options: { label: 'Transactions' },
};
