import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { CustomRoutes, Notification, Resource, type ResourceProps } from 'react-admin';
import { AdminShell } from './AdminShell';
import { deferred } from './layout/deferred';
import { ADMIN_BASE } from './config';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { darkTheme, lightTheme } from './theme';
import LoginPage from './auth/LoginPage';
import * as resources from './resources';
import { messageRoutes } from './resources/messages/MessageRoutes';
import { orderRoutes } from './resources/orders/OrderRoutes';
import { productRoutes, sellRoutes } from './resources/products/ProductRoutes';
import { transactionRoutes } from './resources/transactions/TransactionRoutes';
import { userRoutes } from './resources/users/UserRoutes';

// The login page is the first thing most visits show, so it is in the main chunk; the rest is lazy.
const SignupPage = lazy(() => import('./auth/SignupPage'));
const TwoFactorPage = lazy(() => import('./auth/TwoFactorPage'));
const ForgotPasswordPage = lazy(() => import('./auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));
const Dashboard = lazy(() => import('./dashboard/Dashboard'));
// The layout (app bar, menu, drawer, tooltips) only shows once signed in: its code is not part of the login page's.
const AppLayout = deferred(() => import('./layout/AppLayout').then((m) => m.AppLayout));

/** Toasts as on the storefront (docs/api-conventions.md: 3 seconds, top-centre); 422 texts span lines. */
const AppNotification = () => <Notification autoHideDuration={3000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} multiLine />;

type ResourceDefinition = Omit<ResourceProps, 'name' | 'children'>;

/**
 * A resource whose detail pages are its own routes (its <Resource> children, at the product's URLs): react-admin gets the
 * list and is told which pages exist (for its links), never their components, so it mounts no routes of its own.
 */
const withOwnRoutes = ({ list, icon, options, recordRepresentation, ...views }: ResourceDefinition) => ({
  list,
  icon,
  options,
  recordRepresentation,
  hasShow: 'show' in views,
  hasEdit: 'edit' in views,
});

/** The resources in menu order, with the routes of those that have their own. */
const RESOURCES: { name: string; definition: ResourceDefinition; routes?: ReactElement[] }[] = [
  { name: 'users', definition: resources.users, routes: userRoutes },
  { name: 'admins', definition: resources.admins },
  { name: 'products', definition: resources.products, routes: productRoutes },
  { name: 'orders', definition: resources.orders, routes: orderRoutes },
  { name: 'categories', definition: resources.categories },
  { name: 'commissions', definition: resources.commissions },
  { name: 'synonyms', definition: resources.synonyms },
  { name: 'reports', definition: resources.reports },
  { name: 'reviews', definition: resources.reviews },
  { name: 'risk-signals', definition: resources.riskSignals },
  { name: 'commission-rates', definition: resources.commissionRates },
  { name: 'payouts', definition: resources.payouts },
  { name: 'refunds', definition: resources.refunds },
  { name: 'disputes', definition: resources.disputes },
  { name: 'ledger', definition: resources.ledger },
  { name: 'reconciliation', definition: resources.reconciliation },
  { name: 'transactions', definition: resources.transactions, routes: transactionRoutes },
  { name: 'messages', definition: resources.messages, routes: messageRoutes },
  { name: 'audit-log', definition: resources.auditLog },
];

/** The back office: react-admin mounted at /app.admin, inside the BrowserRouter of main.tsx. */
export function App() {
  return (
    <AdminShell
      basename={ADMIN_BASE}
      disableTelemetry
      requireAuth
      title="Kasuwa back office"
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      layout={AppLayout}
      notification={AppNotification}
      theme={lightTheme}
      darkTheme={darkTheme}
    >
      {RESOURCES.map(({ name, definition, routes }) =>
        routes ? (
          <Resource key={name} name={name} {...withOwnRoutes(definition)}>
            {routes}
          </Resource>
        ) : (
          <Resource key={name} name={name} {...definition} />
        ),
      )}
      <CustomRoutes>{sellRoutes}</CustomRoutes>
      <CustomRoutes>
        <Route path="/two-factor" element={<TwoFactorPage />} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </CustomRoutes>
    </AdminShell>
  );
}
