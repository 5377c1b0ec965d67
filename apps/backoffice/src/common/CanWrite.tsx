import type { ReactNode } from 'react';
import { useCanAccess, useResourceContext } from 'react-admin';

/**
 * Renders `children` (a write button: decide, refund, retry, block, add, edit, delete) only when the signed-in admin's
 * role may change `resource` (the page's own by default): authProvider.canAccess, read from the contracts' ROLE_RULES
 * that the API enforces, so a button a role cannot use is hidden instead of answering 403 ROLE_FORBIDDEN. `fallback`
 * shows instead (e.g. a read-only status text).
 */
export function CanWrite({ resource, children, fallback = null }: { resource?: string; children: ReactNode; fallback?: ReactNode }) {
  const current = useResourceContext();
  const { canAccess } = useCanAccess({ resource: resource ?? current ?? '', action: 'edit' });
  return <>{canAccess ? children : fallback}</>;
}
