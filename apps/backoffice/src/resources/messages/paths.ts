import type { Identifier } from 'react-admin';
import { adminPath } from '../../config';

/** /app.admin/messages/{id} is a message (as for users and products, not react-admin's {id}/show). */
export const messagePath = (id: Identifier) => adminPath(`/messages/${encodeURIComponent(id)}`);
export const messagesPath = () => adminPath('/messages');
