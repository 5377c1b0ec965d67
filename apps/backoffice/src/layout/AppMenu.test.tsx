import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceDefinitionContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRole } from '@kasuwa/contracts';
import { authProvider } from '../providers/authProvider';
import { signInAs } from '../test/admin';
import { AppMenu } from './AppMenu';

const RESOURCES = ['users', 'orders', 'messages', 'disputes', 'refunds', 'payouts', 'products', 'reports', 'admins', 'audit-log'];
const definitions = Object.fromEntries(
  RESOURCES.map((name) => [name, { name, hasList: true, hasShow: false, hasEdit: false, hasCreate: false, options: { label: name } }]),
);

function renderMenu() {
  render(
    <AdminContext authProvider={authProvider} dataProvider={testDataProvider()}>
      <ResourceDefinitionContextProvider definitions={definitions}>
        <AppMenu />
      </ResourceDefinitionContextProvider>
    </AdminContext>,
  );
}

/** The resources the menu links to (by address: the test renders without translations). */
const shown = () => {
  const hrefs = screen.queryAllByRole('menuitem').map((m) => m.getAttribute('href'));
  return RESOURCES.filter((name) => hrefs.includes(`#/${name}`));
};

describe('the back-office menu follows the admin’s role (authProvider.canAccess, the API’s role map)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it.each<[AdminRole, string[]]>([
    ['owner', RESOURCES],
    ['support', ['users', 'orders', 'messages', 'disputes']],
    ['finance', ['users', 'orders', 'disputes', 'refunds', 'payouts']],
    ['moderator', ['users', 'products', 'reports']],
  ])('%s sees only its areas', async (role, expected) => {
    signInAs(role);
    renderMenu();
    await waitFor(() => expect(shown()).toEqual(expected));
  });

  it('a support admin is not offered refunds; permissions carry the role', async () => {
    signInAs('support');
    expect(await authProvider.getPermissions!({})).toEqual({ role: 'support', twoFactorEnabled: true, mustEnrol: false });
    expect(await authProvider.canAccess!({ resource: 'refunds', action: 'list' })).toBe(false);
    expect(await authProvider.canAccess!({ resource: 'disputes', action: 'list' })).toBe(true);
    expect(await authProvider.canAccess!({ resource: 'disputes', action: 'edit' })).toBe(false);
    expect(await authProvider.canAccess!({ resource: 'users', action: 'edit' })).toBe(true);
  });

  it('an admin who must enrol in two-factor sign-in is offered nothing else', async () => {
    signInAs('owner', true);
    expect(await authProvider.canAccess!({ resource: 'users', action: 'list' })).toBe(false);
    renderMenu();
    await waitFor(() => expect(screen.getAllByRole('menuitem').map((m) => m.getAttribute('href'))).toContain('#/two-factor'));
    expect(shown()).toEqual([]);
  });
});
