import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/auth/RequireAuth';
import { Layout, type RouteHandle } from '../features/layout/Layout';
import { RouteError } from '../features/layout/RouteError';

// Every page is its own chunk: a phone on prepaid data downloads only the page it opens.
const HomePage = lazy(() => import('../features/catalog/HomePage'));
const ProductPage = lazy(() => import('../features/catalog/ProductPage'));
const ProductFormPage = lazy(() => import('../features/catalog/ProductFormPage'));
const OrderDetailPage = lazy(() => import('../features/orders/OrderDetailPage'));
const PaymentVerifyPage = lazy(() => import('../features/checkout/PaymentVerifyPage'));
const AuthPage = lazy(() => import('../features/auth/AuthPage'));
const SignUpPage = lazy(() => import('../features/auth/SignUpPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const AuthSuccessPage = lazy(() => import('../features/auth/AuthSuccessPage'));
const ProfilePage = lazy(() => import('../features/account/ProfilePage'));
const TermsPage = lazy(() => import('../features/info/TermsPage'));
const PrivacyPage = lazy(() => import('../features/info/PrivacyPage'));
const RefundPage = lazy(() => import('../features/info/RefundPage'));
const ContactPage = lazy(() => import('../features/info/ContactPage'));
const NotFoundPage = lazy(() => import('../features/layout/NotFoundPage'));

const guarded = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;
const page = (path: string, title: string, element: ReactNode): RouteObject => ({
  path,
  element,
  handle: { title } satisfies RouteHandle,
});

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage />, handle: { title: 'Where Commerce Lives' } satisfies RouteHandle },
      page('/product/:id', 'Product', <ProductPage />),
      // /sell and /create-product are the same working form (DECISIONS.md: the stub reading is dropped).
      page('/sell', 'Post Product', guarded(<ProductFormPage />)),
      page('/create-product', 'Post Product', guarded(<ProductFormPage />)),
      page('/products/:id/edit', 'Update Product', guarded(<ProductFormPage />)),
      page('/orders/:id/:role', 'Order details', guarded(<OrderDetailPage />)),
      page('/payments/verify', 'Payment verification', guarded(<PaymentVerifyPage />)),
      page('/auth', 'Sign in', <AuthPage />),
      page('/sign-up', 'Sign up', <SignUpPage />),
      page('/forgot-password', 'Forgot password', <ForgotPasswordPage />),
      page('/reset-password', 'Reset password', <ResetPasswordPage />),
      page('/auth-success', 'Signing in', <AuthSuccessPage />),
      page('/profile', 'Profile', guarded(<ProfilePage />)),
      page('/term-and-condition', 'Terms and conditions', <TermsPage />),
      page('/privacy-policy', 'Privacy policy', <PrivacyPage />),
      page('/refund-policy', 'Refund policy', <RefundPage />),
      page('/contact-us', 'Contact us', <ContactPage />),
      page('*', 'Page not found', <NotFoundPage />),
    ],
  },
];
