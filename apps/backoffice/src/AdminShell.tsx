import { createElement, type ComponentProps } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, defaultI18nProvider, LoadingPage, localStorageStore, type AdminProps } from 'react-admin';
import { deferred } from './layout/deferred';

const store = localStorageStore();
const pages = () => import('./layout/fallbackPages');
// Typed as CoreAdminUI takes them (react-admin's own pages declare slightly narrower props, as in its AdminUI).
type UI = ComponentProps<typeof CoreAdminUI>;
const AccessDenied = deferred(() => pages().then((m) => m.AccessDenied)) as UI['accessDenied'];
const AuthCallback = deferred(() => pages().then((m) => m.AuthCallback)) as UI['authCallbackPage'];
const AuthenticationError = deferred(() => pages().then((m) => m.AuthenticationError)) as UI['authenticationError'];
const ErrorPage = deferred(() => pages().then((m) => m.Error)) as unknown as UI['error'];
const NotFound = deferred(() => pages().then((m) => m.NotFound)) as unknown as UI['catchAll'];

type ShellProps = AdminProps & Required<Pick<AdminProps, 'layout' | 'loginPage' | 'notification'>>;

/**
 * react-admin's <Admin>, put together from the same parts (AdminContext, CoreAdminUI, CssBaseline, the same
 * default pages), except that the layout, the login page and the notification are required. <AdminUI> imports its
 * default layout and login form as default props, which puts the sidebar, the app bar's tooltips (Popper) and
 * react-hook-form into the first download even when the app brings its own; the login page needs none of them.
 * The default error, not-found and access pages load on demand for the same reason.
 */
export function AdminShell(props: ShellProps) {
  const {
    authProvider,
    basename,
    darkTheme,
    dataProvider,
    defaultTheme,
    i18nProvider = defaultI18nProvider,
    lightTheme,
    queryClient,
    routerProvider,
    theme,
  } = props;
  const {
    accessDenied = AccessDenied,
    authCallbackPage = AuthCallback,
    authenticationError = AuthenticationError,
    catchAll = NotFound,
    error = ErrorPage,
    loading = LoadingPage,
  } = props;
  const { children, dashboard, disableTelemetry, layout, loginPage, notification, ready, requireAuth, title } = props;
  return (
    <AdminContext
      authProvider={authProvider}
      basename={basename}
      darkTheme={darkTheme}
      dataProvider={dataProvider}
      defaultTheme={defaultTheme}
      i18nProvider={i18nProvider}
      lightTheme={lightTheme}
      queryClient={queryClient}
      routerProvider={routerProvider}
      store={props.store ?? store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={accessDenied}
          authCallbackPage={authCallbackPage}
          authenticationError={authenticationError}
          catchAll={catchAll}
          dashboard={dashboard}
          disableTelemetry={disableTelemetry}
          error={error}
          layout={layout}
          loading={loading}
          loginPage={loginPage}
          ready={ready}
          requireAuth={requireAuth}
          title={title}
        >
          {children}
        </CoreAdminUI>
        {createElement(notification)}
      </CssBaseline>
    </AdminContext>
  );
}
