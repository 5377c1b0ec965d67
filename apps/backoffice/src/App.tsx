import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Notification, Resource } from 'react-admin';
import { ADMIN_BASE } from './config';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { AppLayout } from './layout/AppLayout';
import { darkTheme, lightTheme } from './theme';
import LoginPage from './auth/LoginPage';
import users from './resources/users';
import { userRoutes } from './resources/users/UserRoutes';
import admins from './resources/admins';

// The login page is the first thing most visits show, so it is in the main chunk; the rest is lazy.
const SignupPage = lazy(() => import('./auth/SignupPage'));
const ForgotPasswordPage = lazy(() => import('./auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));
const Dashboard = lazy(() => import('./dashboard/Dashboard'));

/** Toasts as on the storefront (DECISIONS: 3 seconds, top-centre); 422 texts span lines. */
const AppNotification = () => (
  <Notification autoHideDuration={3000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} multiLine />
);

/** The back office: react-admin mounted at /app.admin, inside the BrowserRouter of main.tsx. */
export function App() {
  return (
    <Admin
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
      <Resource
        name="users"
        list={users.list}
        icon={users.icon}
        recordRepresentation={users.recordRepresentation}
        hasShow
        hasEdit
      >
        {userRoutes}
      </Resource>
      <Resource name="admins" {...admins} />
      <CustomRoutes noLayout>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </CustomRoutes>
    </Admin>
  );
}
