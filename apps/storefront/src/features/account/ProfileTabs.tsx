import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense, useState } from 'react';
import { MyProducts } from '../catalog/MyProducts';
import { PageLoader } from '../layout/PageLoader';

// The order tables (and their Table code) load only when one of those tabs is opened.
const OrdersTab = lazy(() => import('../orders/OrdersTab'));
// Earnings (balances, bank details, withdraw) is its own chunk too.
const EarningsTab = lazy(() => import('../earnings/EarningsTab'));

// Products lists GET /products/user/in; Orders and Seller's Orders list /orders/all and /orders/seller/all.
const TABS = [
  { id: 'products', label: 'Products', empty: 'No products listed yet' },
  { id: 'orders', label: 'Orders', empty: 'No orders yet' },
  { id: 'seller-orders', label: "Seller's Orders", empty: 'No Seller Orders Yet' },
  { id: 'earnings', label: 'Earnings', empty: '' },
] as const;

export function ProfileTabs() {
  // /profile#orders and /profile#seller-orders open that tab (after payment, and the order page's Back link).
  const [tab, setTab] = useState(() =>
    Math.max(
      0,
      TABS.findIndex((t) => `#${t.id}` === window.location.hash),
    ),
  );
  return (
    <Paper variant="outlined">
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Your activity" variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((t, i) => (
          <Tab key={t.id} label={t.label} id={`tab-${t.id}`} aria-controls={`panel-${t.id}`} value={i} />
        ))}
      </Tabs>
      {TABS.map((t, i) => (
        <Box
          key={t.id}
          role="tabpanel"
          id={`panel-${t.id}`}
          aria-labelledby={`tab-${t.id}`}
          hidden={tab !== i}
          sx={{ borderTop: 1, borderColor: 'divider' }}
        >
          {tab === i && t.id === 'products' && <MyProducts />}
          {tab === i && t.id === 'earnings' && (
            <Suspense fallback={<PageLoader label="Loading earnings" />}>
              <EarningsTab />
            </Suspense>
          )}
          {tab === i && (t.id === 'orders' || t.id === 'seller-orders') && (
            <Suspense fallback={<PageLoader label="Loading orders" />}>
              <OrdersTab role={t.id === 'orders' ? 'buyer' : 'seller'} />
            </Suspense>
          )}
        </Box>
      ))}
    </Paper>
  );
}
