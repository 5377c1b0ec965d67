import { lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/auth/RequireAuth';
import { Layout } from '../features/layout/Layout';
import { routeIndex } from './routeIndex';

/** What a route tells the app shell: the page's title (AppRoutes sets "<title> · Kasuwa"). */
export interface RouteHandle {
  title?: string;
}

type Page = ComponentType & { preload: () => Promise<void> };

/**
 * A page in its own chunk that can also be loaded ahead: the server and the browser load the chunk of
 * a server-rendered page before rendering, so it renders at once (no fallback, nothing to replace).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): Page {
  let Loaded: ComponentType | null = null;
  const Lazy = lazy(load);
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Page, { preload: () => load().then((m) => void (Loaded = m.default)) });
}

// Every page is its own chunk: a phone on prepaid data downloads only the page it opens.
const HomePage = lazyPage(() => import('../features/catalog/HomePage'));
const ProductPage = lazyPage(() => import('../features/catalog/ProductPage'));
const ProductFormPage = lazy(() => import('../features/catalog/ProductFormPage'));
const OrderDetailPage = lazy(() => import('../features/orders/OrderDetailPage'));
const PaymentVerifyPage = lazy(() => import('../features/checkout/PaymentVerifyPage'));
const AuthPage = lazy(() => import('../features/auth/AuthPage'));
const SignUpPage = lazy(() => import('../features/auth/SignUpPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage'));
const AuthSuccessPage = lazy(() => import('../features/auth/AuthSuccessPage'));
const ProfilePage = lazy(() => import('../features/account/ProfilePage'));
const TermsPage = lazyPage(() => import('../features/info/TermsPage'));
const PrivacyPage = lazyPage(() => import('../features/info/PrivacyPage'));
const RefundPage = lazyPage(() => import('../features/info/RefundPage'));
const ContactPage = lazy(() => import('../features/info/ContactPage'));
const SavedPage = lazy(() => import('../features/catalog/SavedPage'));
// Any other address: a landing page (`/lagos/mobile-phones`, `/lagos/ikeja/mobile-phones`) or the not-found page.
const NotFoundPage = lazyPage(() => import('../features/catalog/LandingRoute'));
const InboxPage = lazy(() => import('../features/trust/InboxPage'));
const ThreadPage = lazy(() => import('../features/trust/ThreadPage'));
const NotificationsPage = lazy(() => import('../features/trust/NotificationsPage'));
const SellerPage = lazyPage(() => import('../features/trust/SellerPage'));
const UnsubscribePage = lazy(() => import('../features/trust/UnsubscribePage'));

const guarded = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;
const page = (path: string, title: string, element: ReactNode): RouteObject => ({
  path,
  element,
  handle: { title } satisfies RouteHandle,
});

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage />, handle: { title: 'Where Commerce Lives' } satisfies RouteHandle },
      page('/product/:id', 'Product', <ProductPage />),
      // /sell and /create-product are the same working form (docs/search.md: the stub reading is dropped).
      page('/sell', 'Post Product', guarded(<ProductFormPage />)),
      page('/create-product', 'Post Product', guarded(<ProductFormPage />)),
      page('/products/:id/edit', 'Update Product', guarded(<ProductFormPage />)),
      page('/orders/:id/:role', 'Order details', guarded(<OrderDetailPage />)),
      // Not guarded: the payment may come back to another host than the one signed in on (PUBLIC_URL vs the address opened).
      page('/payments/verify', 'Payment verification', <PaymentVerifyPage />),
      page('/auth', 'Sign in', <AuthPage />),
      page('/sign-up', 'Sign up', <SignUpPage />),
      page('/forgot-password', 'Forgot password', <ForgotPasswordPage />),
      page('/reset-password', 'Reset password', <ResetPasswordPage />),
      page('/verify-email', 'Verify your e-mail', <VerifyEmailPage />),
      page('/auth-success', 'Signing in', <AuthSuccessPage />),
      page('/profile', 'Profile', guarded(<ProfilePage />)),
      page('/saved', 'Saved items', <SavedPage />),
      page('/term-and-condition', 'Terms and conditions', <TermsPage />),
      page('/privacy-policy', 'Privacy policy', <PrivacyPage />),
      page('/refund-policy', 'Refund policy', <RefundPage />),
      page('/contact-us', 'Contact us', <ContactPage />),
      page('/inbox', 'Messages', guarded(<InboxPage />)),
      page('/inbox/:id', 'Messages', guarded(<ThreadPage />)),
      page('/notifications', 'Notifications', guarded(<NotificationsPage />)),
      page('/seller/:id', 'Seller', <SellerPage />),
      page('/unsubscribe', 'E-mail settings', <UnsubscribePage />),
      // Landing pages live here too: an address no route above takes, so they can never shadow one.
      page('*', 'Page not found', <NotFoundPage />),
    ],
  },
];

/** The pages the server renders (public, the same for everyone), by route path; the rest get the app shell. */
const SERVER_RENDERED: Record<string, Page> = {
  '': HomePage,
  '/product/:id': ProductPage,
  '/seller/:id': SellerPage,
  '/term-and-condition': TermsPage,
  '/privacy-policy': PrivacyPage,
  '/refund-policy': RefundPage,
  '*': NotFoundPage,
};

export interface RouteKind {
  /** The matched route's path ('' for the home page, '*' for an unknown address). */
  path: string;
  params: Record<string, string | undefined>;
  /** Loads the page's chunk; absent when the page is not server-rendered. */
  preload?: () => Promise<void>;
}

/** The part of `routes` a path can match (routeIndex): what the router is given, for the same answers at less cost. */
export const routesFor = routeIndex(routes);

export function routeKind(pathname: string): RouteKind | null {
  const leaf = matchRoutes(routesFor(pathname), pathname)?.at(-1);
  if (!leaf) return null;
  const path = leaf.route.index ? '' : (leaf.route.path ?? '');
  return { path, params: leaf.params, preload: SERVER_RENDERED[path]?.preload };
}
