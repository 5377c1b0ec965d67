import { lazy } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';

/**
 * Orders: the list is react-admin's; an order opens at /orders/:id/:role (role buyer or seller,
 * spec §2), mounted by OrderRoutes. There is no create or edit form: the admin's only change is
 * the status (with a reason), made on the seller view. Views are lazy.
 */
export default {
  list: lazy(() => import('./OrderList')),
  detail: lazy(() => import('./OrderDetail')),
  icon: ReceiptLongIcon,
  recordRepresentation: 'orderNumber',
  options: { label: 'Orders' },
};
