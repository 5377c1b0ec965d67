import { roleAllows, type AdminSelf } from '@kasuwa/contracts';

/** react-admin's actions that only read; every other one (create, edit, delete, custom buttons) changes something. */
const READS = new Set(['list', 'show', 'export', 'read']);

/**
 * Whether the signed-in admin's role opens `resource` for `action`: the contracts' role map, the same one the API
 * enforces (403 ROLE_FORBIDDEN), so menus, pages and buttons a role cannot use are hidden instead of failing.
 * While two-factor enrolment is required, nothing is.
 */
export function allows(self: AdminSelf | undefined, resource: string | undefined, action: string): boolean {
  if (!self || self.mustEnrol) return false;
  if (!resource) return true;
  return roleAllows(self.role, resource, READS.has(action) ? 'read' : 'write');
}
