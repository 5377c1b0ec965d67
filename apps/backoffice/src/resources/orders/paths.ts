import type { Identifier } from 'react-admin';
import { adminPath } from '../../config';

/** The two ways an admin looks at an order (the product screens): the buyer's side (read-only) or the seller's. */
export const ORDER_VIEW_ROLES = ['buyer', 'seller'] as const;
export type OrderViewRole = (typeof ORDER_VIEW_ROLES)[number];

export const isOrderViewRole = (value: string | undefined): value is OrderViewRole => value === 'buyer' || value === 'seller';

/** /app.admin/orders/{id}/{role}, as the product screens lays it out (not react-admin's {id}/show). */
export const orderPath = (id: Identifier, role: OrderViewRole = 'seller') => adminPath(`/orders/${encodeURIComponent(id)}/${role}`);
export const ordersPath = () => adminPath('/orders');
