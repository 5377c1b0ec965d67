import { lazy } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import GavelIcon from '@mui/icons-material/Gavel';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PercentIcon from '@mui/icons-material/Percent';
import ReplayIcon from '@mui/icons-material/Replay';
import RuleIcon from '@mui/icons-material/Rule';

/** Money to sellers: each list is its own lazy chunk. */
export const payouts = {
  list: lazy(() => import('./PayoutList')),
  icon: AccountBalanceIcon,
  options: { label: 'Payouts' },
  recordRepresentation: 'reference',
};
export const refunds = {
  list: lazy(() => import('./RefundList')),
  icon: ReplayIcon,
  options: { label: 'Refunds' },
  recordRepresentation: 'paymentReference',
};
export const disputes = {
  list: lazy(() => import('./DisputeList')),
  icon: GavelIcon,
  options: { label: 'Disputes' },
  recordRepresentation: 'orderNumber',
};
export const ledger = {
  list: lazy(() => import('./LedgerList')),
  icon: MenuBookIcon,
  options: { label: 'Ledger' },
  recordRepresentation: 'ref',
};
export const commissionRates = {
  list: lazy(() => import('./CommissionRateList')),
  icon: PercentIcon,
  options: { label: 'Commission rates' },
  recordRepresentation: 'rateBp',
};
export const reconciliation = {
  list: lazy(() => import('./ReconciliationList')),
  icon: RuleIcon,
  options: { label: 'Reconciliation' },
  recordRepresentation: 'id',
};
