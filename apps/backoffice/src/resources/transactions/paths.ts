import type { Identifier } from 'react-admin';
import { adminPath } from '../../config';

/** /app.admin/transactions/{id} is the detail page (the product screens), not react-admin's {id}/show. */
export const transactionPath = (id: Identifier) => adminPath(`/transactions/${encodeURIComponent(id)}`);
export const transactionsPath = () => adminPath('/transactions');
