import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { DetailError } from './DetailStates';

describe('DetailError (a detail page that did not load)', () => {
  it('a fetch failure: the heading, the detail and Retry', async () => {
    const retry = vi.fn();
    render(
      <AdminContext>
        <DetailError title="Order" back={<a href="/orders">Back to orders</a>} heading="Failed to fetch order details" onRetry={retry}>
          Database is down
        </DetailError>
      </AdminContext>,
    );
    expect(screen.getByText('Failed to fetch order details')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to orders' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('not found: no Retry (asking again finds nothing more)', () => {
    render(
      <AdminContext>
        <DetailError title="Order" back={null} heading="Order not found">
          No order found with the provided ID
        </DetailError>
      </AdminContext>,
    );
    expect(screen.getByText('Order not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
