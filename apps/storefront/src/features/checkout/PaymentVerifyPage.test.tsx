import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandInApi } from '../../test/standInApi';
import { saveSession } from '../auth/session';
import PaymentVerifyPage, { VERIFY_TEXTS } from './PaymentVerifyPage';

const failed = (data: Record<string, unknown>) =>
  [
    200,
    {
      status: 'failed',
      message: 'Payment verification failed: the payment did not go through.',
      data: { checkoutSessionId: 3, orders: [{ id: 9, orderNumber: 'KSW-000009' }], ...data },
    },
  ] as [number, unknown];

let api: Awaited<ReturnType<typeof startStandInApi>>;
let answer: [number, unknown];
beforeAll(async () => {
  api = await startStandInApi({ 'GET /api/payments/verify': () => answer });
});
afterAll(() => api.close());

const page = (reference: string) =>
  render(
    <MemoryRouter initialEntries={[`/payments/verify?reference=${reference}`]}>
      <Routes>
        <Route path="/payments/verify" element={<PaymentVerifyPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('the payment result page', () => {
  it('offers to pay again while the failed checkout still holds its items', async () => {
    saveSession('buyer-token', { email: 'ada@kasuwa.test', fullName: 'Ada', profileImage: null, userId: 1 });
    answer = failed({ reference: 'ref_new', expiresAt: new Date(Date.now() + 600_000).toISOString() });
    page('ref_new');
    expect(await screen.findByRole('button', { name: 'Try payment again' })).toBeTruthy();
  });

  it('an old failed attempt on a checkout paid since offers no retry, says so, and leads to the order', async () => {
    answer = failed({ reference: 'ref_old', checkoutPaid: true });
    page('ref_old');
    expect(await screen.findByText(VERIFY_TEXTS.paidSince)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /try payment again/i })).toBeNull();
    expect(screen.queryByText(/check out again/)).toBeNull();
    expect(screen.getByRole('button', { name: VERIFY_TEXTS.seeOrder })).toBeTruthy();
  });
});
