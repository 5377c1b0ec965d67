import { ORDER_STATUSES, type Order } from '@kasuwa/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { AdminStatusChange } from './AdminStatusChange';
import { orderStatusLabel } from './orderStatus';

const order = {
  id: 5,
  status: 'shipped',
  allowedNext: ORDER_STATUSES.filter((s) => s !== 'shipped' && s !== 'pending'),
} as unknown as Order;

/** The data provider's update, as ra-data-simple-rest answers it (the whole record), recording each call. */
function provider(answer: (resource: string, params: { id: unknown; data: unknown }) => Promise<{ data: unknown }>) {
  const update = vi.fn(answer);
  return { update, dataProvider: { update } as unknown as DataProvider };
}

function renderControl(dataProvider: DataProvider) {
  return render(
    <AdminContext dataProvider={dataProvider}>
      <AdminStatusChange order={order} />
    </AdminContext>,
  );
}

describe('the admin status control', () => {
  it('lists every status, the ones the server does not allow disabled, the current one marked', async () => {
    const user = userEvent.setup();
    renderControl(provider(async () => ({ data: order })).dataProvider);
    await user.click(screen.getByRole('combobox', { name: /New status/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(ORDER_STATUSES.length);
    const state = (s: string) => options.find((o) => o.textContent?.startsWith(orderStatusLabel(s)))?.getAttribute('aria-disabled');
    expect(state('pending')).toBe('true');
    expect(state('delivered')).toBeNull();
    expect(options.some((o) => o.textContent === `${orderStatusLabel('shipped')} (current)`)).toBe(true);
  });

  it('refuses to send without a status and a reason, then sends both and shows a refusal', async () => {
    const user = userEvent.setup();
    const { update, dataProvider } = provider(async () => {
      throw new HttpError('Cannot move a completed order', 422, {
        message: 'Cannot move a completed order',
        code: 'INVALID_STATUS_TRANSITION',
      });
    });
    renderControl(dataProvider);
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(screen.getByText('Choose the new status')).toBeTruthy();
    expect(screen.getByText('A reason is required')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: /New status/ }));
    await user.click(screen.getByRole('option', { name: orderStatusLabel('delivered') }));
    await user.type(screen.getByLabelText(/Reason/), '  Buyer confirmed by phone ');
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    await screen.findByText('Cannot move a completed order');
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]?.[1]).toMatchObject({ id: 5, data: { status: 'delivered', reason: 'Buyer confirmed by phone' } });
  });
});
