import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { RetrySentMoney } from './RetrySentMoney';

function renderRetry(record: { id: number; status: string; retriedAs: number | null }, create = vi.fn(async () => ({ data: { id: 99 } }))) {
  render(
    <AdminContext dataProvider={{ create, getList: vi.fn(async () => ({ data: [], total: 0 })) } as unknown as DataProvider}>
      <RetrySentMoney resource="refunds" record={record} retryable={['failed']} label="Refund sent again" />
    </AdminContext>,
  );
  return create;
}

describe('retrying a failed refund or payout', () => {
  it('offers Retry only on a failed row that was not retried yet, and says which one replaced it', () => {
    renderRetry({ id: 1, status: 'pending', retriedAs: null });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a retried row shows its replacement instead of the button', () => {
    renderRetry({ id: 1, status: 'failed', retriedAs: 7 });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByText('Retried as #7')).toBeTruthy();
  });

  it('one click sends one retry; the button is disabled while it is in flight', async () => {
    // The second click lands on a disabled button (no pointer events): it must send nothing.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    let finish = () => {};
    const create = vi.fn(() => new Promise<{ data: { id: number } }>((ok) => (finish = () => ok({ data: { id: 99 } }))));
    renderRetry({ id: 5, status: 'failed', retriedAs: null }, create);
    const button = screen.getByRole('button', { name: 'Retry' });
    await user.click(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.click(button);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith('refunds/5/retry', { data: {} });
    finish();
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });
});
