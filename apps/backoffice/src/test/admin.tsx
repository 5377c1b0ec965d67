import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import { AdminContext, Resource, ResourceContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { expect, vi, type Mock } from 'vitest';
import { STORAGE_KEYS, type AdminRole } from '@kasuwa/contracts';

/** jsdom measures nothing; the MUI X grid only needs the observer to exist. */
export function stubResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/**
 * A resource's view rendered as the back office would: react-admin's context over the given data provider calls (and,
 * for the role-checked buttons, an auth provider).
 */
export function renderInAdmin(resource: string, view: ReactNode, dataProvider: Partial<DataProvider>, authProvider?: AuthProvider) {
  return render(
    <AdminContext dataProvider={dataProvider as DataProvider} authProvider={authProvider}>
      <ResourceContextProvider value={resource}>{view}</ResourceContextProvider>
    </AdminContext>,
  );
}

/**
 * A resource's list page at its own address, as the back office routes it (the list's row links and filters need the
 * router and the resource definition, not only its context). `dataProvider` holds only the calls the test answers.
 */
export function renderListPage(resource: string, list: ComponentType, dataProvider: object, authProvider?: AuthProvider) {
  return render(
    <MemoryRouter initialEntries={[`/${resource}`]}>
      <AdminContext dataProvider={dataProvider as DataProvider} authProvider={authProvider}>
        <Resource name={resource} list={list} />
      </AdminContext>
    </MemoryRouter>,
  );
}

/**
 * Signed in as an admin of `role`: GET /api/auth/admin/me answers it (the one call the authProvider makes). The token
 * differs per role and enrolment, so the authProvider's one-call-per-token cache never answers for the previous test.
 * Undo with vi.unstubAllGlobals() and localStorage.clear().
 */
export function signInAs(role: AdminRole, mustEnrol = false): void {
  localStorage.setItem(STORAGE_KEYS.adminToken, `token-of-${role}-${mustEnrol}`);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            data: { id: 1, email: `${role}@kasuwa.test`, firstName: 'A', lastName: 'B' },
            role,
            twoFactorEnabled: !mustEnrol,
            mustEnrol,
          }),
          { status: 200 },
        ),
    ),
  );
}

/**
 * A decision dialog's last step: picks `option` in `select`, waits for `submit` to be enabled by the choice, clicks it,
 * and waits for the one `update` it sends.
 */
export async function chooseAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  select: HTMLElement,
  option: string,
  submit: () => HTMLButtonElement,
  update: Mock,
): Promise<void> {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
  await vi.waitFor(() => expect(submit().disabled).toBe(false));
  await user.click(submit());
  await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));
}

/**
 * A data provider over one page of `rows`: getList answers them all, update answers the first row with the sent data
 * merged in, as the API answers an edit. Both are mocks, so a test can check what was asked and sent.
 */
export function rowsProvider<T extends object>(rows: T[]) {
  const getList = vi.fn(async () => ({ data: rows, total: rows.length }));
  const update = vi.fn(async (_resource: string, params: { id: unknown; data: object }) => ({ data: { ...rows[0], ...params.data } }));
  return { getList, update, dataProvider: { getList, update } as unknown as DataProvider };
}

/** Clicks the `button` ("Decide") in the table row showing `rowText`, as an admin would, and gives its dialog. */
export async function openRowDialog(rowText: string | RegExp, button: string) {
  const user = userEvent.setup();
  await user.click(within((await screen.findByText(rowText)).closest('tr')!).getByRole('button', { name: button }));
  return { user, dialog: screen.getByRole('dialog') };
}

/**
 * A queue's "Decide" dialog, which has no default decision: `unchosen` is not waiting to be clicked through, and with
 * only the reason typed "Decide" stays disabled and nothing is sent; choosing `option` in the `choice` select then
 * sends the decision with the reason (the test checks the call).
 */
export async function decideWithNoDefault(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  update: Mock,
  { unchosen, reason, choice, option }: { unchosen: string; reason: string; choice: RegExp; option: string },
): Promise<void> {
  const decide = () => within(dialog).getByRole('button', { name: 'Decide' }) as HTMLButtonElement;
  expect(within(dialog).queryByText(unchosen)).toBeNull();
  await user.type(within(dialog).getByLabelText(/Reason/), reason);
  expect(decide().disabled).toBe(true);
  expect(update).not.toHaveBeenCalled();
  await chooseAndSubmit(user, within(dialog).getByRole('combobox', { name: choice }), option, decide, update);
}
