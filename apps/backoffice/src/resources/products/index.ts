import { lazy } from 'react';
import StorefrontIcon from '@mui/icons-material/Storefront';

/**
 * Listings. The list is react-admin's; the detail page sits at /products/:id (ProductRoutes) and
 * the product form at /sell and /sell/:id (custom routes in App.tsx), as spec §2 lays them out.
 * Every view is lazy: none of this is needed to show the login page.
 */
export default {
  list: lazy(() => import('./ProductList')),
  show: lazy(() => import('./ProductShow')),
  form: lazy(() => import('./ProductFormPage')),
  icon: StorefrontIcon,
  recordRepresentation: 'productName',
  options: { label: 'Products' },
};
