import { lazy } from 'react';
import CategoryIcon from '@mui/icons-material/Category';
import FlagIcon from '@mui/icons-material/Flag';
import HistoryIcon from '@mui/icons-material/History';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PercentIcon from '@mui/icons-material/Percent';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StarIcon from '@mui/icons-material/StarRate';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TranslateIcon from '@mui/icons-material/Translate';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import { MessagesIcon } from './messages/MessagesIcon';

/*
 * Every resource of the back office in one place: its views (each lazy: none of this is needed to show the login page),
 * menu icon and label, and how a record is named. App.tsx mounts them; a resource whose pages sit at the product's own URLs
 * (users, products, orders, transactions, messages) has its routes in its *Routes.tsx, which take the views from here.
 */

/** Buyers and sellers. No `create`: people sign up on the storefront themselves. UserRoutes mounts `show` and `edit` (paths.ts). */
export const users = {
  list: lazy(() => import('./users/UserList')),
  show: lazy(() => import('./users/UserShow')),
  edit: lazy(() => import('./users/UserEdit')),
  icon: PeopleIcon,
  recordRepresentation: 'fullName',
};

/** Requests filed through /app.admin/signup, approved or declined here: nothing to edit, and new admins come from signup. */
export const admins = { list: lazy(() => import('./admins/AdminList')), icon: HowToRegIcon, options: { label: 'Admin requests' } };

/** Listings: the detail page at /products/:id (ProductRoutes), the product form at /sell and /sell/:id (the product screens). */
export const products = {
  list: lazy(() => import('./products/ProductList')),
  show: lazy(() => import('./products/ProductShow')),
  form: lazy(() => import('./products/ProductFormPage')),
  icon: StorefrontIcon,
  recordRepresentation: 'productName',
  options: { label: 'Products' },
};

/** An order opens at /orders/:id/:role (buyer or seller, the product screens; OrderRoutes); the admin's only change is its status, on the seller view. */
export const orders = {
  list: lazy(() => import('./orders/OrderList')),
  detail: lazy(() => import('./orders/OrderDetail')),
  icon: ReceiptLongIcon,
  recordRepresentation: 'orderNumber',
  options: { label: 'Orders' },
};

/** Categories, commission notes and search words: one list page each, adding and editing in a modal on it (the product screens). */
export const categories = {
  list: lazy(() => import('./categories/CategoryList')),
  icon: CategoryIcon,
  recordRepresentation: 'categoryName',
  options: { label: 'Categories' },
};
export const commissions = {
  list: lazy(() => import('./commissions/CommissionList')),
  icon: PercentIcon,
  recordRepresentation: 'note',
  options: { label: 'Commissions' },
};
export const synonyms = {
  list: lazy(() => import('./synonyms/SynonymList')),
  icon: TranslateIcon,
  recordRepresentation: (record: { terms?: string[] }) => (record.terms ?? []).join(', '),
  options: { label: 'Search words' },
};

/** The moderation queue: reports of listings, users and chats; ratings of sellers, hidden with a reason kept in their history. */
export const reports = {
  list: lazy(() => import('./reports/ReportList')),
  show: lazy(() => import('./reports/ReportShow')),
  icon: FlagIcon,
  options: { label: 'Reports' },
};
/** The risk queue: rules that fired, what they hold, cleared or confirmed by finance (withdrawals) or moderators (listings). */
export const riskSignals = { list: lazy(() => import('./risk/RiskSignalList')), icon: GppMaybeIcon, options: { label: 'Risk' } };
export const reviews = { list: lazy(() => import('./reviews/ReviewList')), icon: StarIcon, options: { label: 'Reviews' } };

/** Paystack transactions: the detail at /transactions/:id (TransactionRoutes); read-only but for "Re-verify with Paystack". */
export const transactions = {
  list: lazy(() => import('./transactions/TransactionList')),
  show: lazy(() => import('./transactions/TransactionShow')),
  icon: PaymentsIcon,
  recordRepresentation: 'reference',
  options: { label: 'Transactions' },
};

/** The contact inbox: unread first, a message page with read/unread and reply (MessageRoutes). */
export const messages = {
  list: lazy(() => import('./messages/MessageList')),
  show: lazy(() => import('./messages/MessageShow')),
  icon: MessagesIcon,
  recordRepresentation: 'subject',
  options: { label: 'Messages' },
};

/** Every admin write (who, when, what, before and after, why): read-only, filtered and exported as CSV. */
export const auditLog = { list: lazy(() => import('./audit-log/AuditLogList')), icon: HistoryIcon, options: { label: 'Audit log' } };

export { commissionRates, disputes, ledger, payouts, reconciliation, refunds } from './money';
