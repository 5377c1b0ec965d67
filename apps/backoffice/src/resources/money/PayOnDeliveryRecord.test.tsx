import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayOnDeliveryRecord } from './PayOnDeliveryRecord';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: object) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('a person’s pay-on-delivery record on the user page', () => {
  it('shows both sides of GET /api/admin/users/{id}/pay-on-delivery, a closed buyer and what the seller owes', async () => {
    const fetch = vi.fn(
      answer(200, {
        data: {
          asBuyer: { open: 1, cashReceived: 2, refused: 3, closed: true },
          asSeller: { open: 4, cashReceived: 5, refused: 0, owedKobo: '150000' },
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <AdminContext>
        <PayOnDeliveryRecord userId={7} />
      </AdminContext>,
    );
    expect(await screen.findByText('Pay on delivery is closed to this buyer: 3 deliveries refused at the door.')).toBeTruthy();
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/admin\/users\/7\/pay-on-delivery$/);
    expect(screen.getAllByText('Cash confirmed').map((dt) => dt.nextElementSibling?.textContent)).toEqual(['2', '5']);
    expect(screen.getByText(/^Owes Kasuwa/).textContent).toContain('(commission on cash sales, netted from the next payout)');
  });

  it('says when the record cannot be fetched', async () => {
    vi.stubGlobal('fetch', vi.fn(answer(404, { message: 'User not found', code: 'USER_NOT_FOUND' })));
    render(
      <AdminContext>
        <PayOnDeliveryRecord userId={7} />
      </AdminContext>,
    );
    expect(await screen.findByText('Failed to fetch the pay-on-delivery record')).toBeTruthy();
  });
});
