import { lazy, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { CustomRoutes, Notification, Resource } from 'react-admin';
import { AdminShell } from './AdminShell';
import { deferred } from './layout/deferred';
import { ADMIN_BASE } from './config';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { darkTheme, lightTheme } from './theme';
import LoginPage from './auth/LoginPage';
import users from './resources/users';
import { userRoutes } from './resources/users/UserRoutes';
import admins from './resources/admins';
import products from './resources/products';
import { productRoutes, sellRoutes } from './resources/products/ProductRoutes';
import categories from './resources/categories';
import commissions from './resources/commissions';
import synonyms from './resources/synonyms';
import reports from './resources/reports';
import reviews from './resources/reviews';
import { commissionRates, disputes, ledger, payouts, reconciliation, refunds } from './resources/money';
import messages from './resources/messages';
import { messageRoutes } from './resources/messages/MessageRoutes';
import orders from './resources/orders';
import { orderRoutes } from './resources/orders/OrderRoutes';
import transactions from './resources/transactions';
import { transactionRoutes } from './resources/transactions/TransactionRoutes';

// The login page is the first thing most visits show, so it is in the main chunk; the rest is lazy.
const SignupPage = lazy(() => import('./auth/SignupPage'));
const ForgotPasswordPage = lazy(() => import('./auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));
const Dashboard = lazy(() => import('./dashboard/Dashboard'));
// The layout (app bar, menu, drawer, tooltips) only shows once signed in: its code is not part of the login page's.
const AppLayout = deferred(() => import('./layout/AppLayout').then((m) => m.AppLayout));

/** Toasts as on the storefront (DECISIONS: 3 seconds, top-centre); 422 texts span lines. */
const AppNotification = () => (
  <Notification autoHideDuration={3000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} multiLine />
);

/**
 * A resource whose detail pages are its own routes (its <Resource> children, at the spec's URLs): react-admin gets the
 * list and is told which pages exist (for its links), never their components, so it mounts no routes of its own.
 */
const withOwnRoutes = (resource: { list: ComponentType; icon: ComponentType; options?: { label: string }; recordRepresentation: string; show?: unknown; edit?: unknown }) => ({
  list: resource.list,
  icon: resource.icon,
  options: resource.options,
  recordRepresentation: resource.recordRepresentation,
  hasShow: 'show' in resource,
  hasEdit: 'edit' in resource,
});

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
      <Resource name="users" {...withOwnRoutes(users)}>
        {userRoutes}
      </Resource>
      <Resource name="admins" {...admins} />
      <Resource name="products" {...withOwnRoutes(products)}>
        {productRoutes}
      </Resource>
      <Resource name="orders" {...withOwnRoutes(orders)}>
        {orderRoutes}
      </Resource>
      <Resource name="categories" {...categories} />
      <Resource name="commissions" {...commissions} />
      <Resource name="synonyms" {...synonyms} />
      <Resource name="reports" {...reports} />
      <Resource name="reviews" {...reviews} />
      <Resource name="commission-rates" {...commissionRates} />
      <Resource name="payouts" {...payouts} />
      <Resource name="refunds" {...refunds} />
      <Resource name="disputes" {...disputes} />
      <Resource name="ledger" {...ledger} />
      <Resource name="reconciliation" {...reconciliation} />
      <Resource name="transactions" {...withOwnRoutes(transactions)}>
        {transactionRoutes}
      </Resource>
      <Resource name="messages" {...withOwnRoutes(messages)}>
        {messageRoutes}
      </Resource>
      <CustomRoutes>{sellRoutes}</CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </CustomRoutes>
    </AdminShell>
  );
}
