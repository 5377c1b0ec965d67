import type { Identifier } from 'react-admin';
import { adminPath } from '../../config';

/*
 * The product screens URLs: /app.admin/users/{id} is the detail page and /app.admin/users/{id}/edit the
 * form. react-admin's own scheme is the other way round ({id} = edit, {id}/show = detail),
 * so the users resource registers its own routes and links with these helpers.
 */
export const userPath = (id: Identifier) => adminPath(`/users/${encodeURIComponent(id)}`);
export const userEditPath = (id: Identifier) => `${userPath(id)}/edit`;
