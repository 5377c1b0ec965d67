import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInAsBuyer } from '../../test/fixtures';
import { atRoute } from '../../test/atRoute';
import { standInApiForFile } from '../../test/standInApi';
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

let answer: [number, unknown];
/** Answers given first, one per call, before `answer`. */
const answers: [number, unknown][] = [];
const api = standInApiForFile({ 'GET /api/payments/verify': () => answers.shift() ?? answer });

const page = (reference: string) => render(atRoute(`/payments/verify?reference=${reference}`, '/payments/verify', <PaymentVerifyPage />));

describe('the payment result page', () => {
  it('offers to pay again while the failed checkout still holds its items', async () => {
    signInAsBuyer();
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

  it('asks again while the payment is still pending, then shows it verified', async () => {
    api.received.length = 0;
    answers.push([200, { status: 'pending', message: 'Still settling', data: { checkoutSessionId: 3, orders: [] } }]);
    answer = [200, { status: 'success', message: '', data: { checkoutSessionId: 3, orders: [{ id: 9, orderNumber: 'KSW-000009' }] } }];
    page('ref_pending');
    expect(screen.getByText(VERIFY_TEXTS.verifyingTitle)).toBeTruthy();
    expect(await screen.findByText(VERIFY_TEXTS.verifiedTitle, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(VERIFY_TEXTS.verifiedText)).toBeTruthy();
    expect(api.received.filter((r) => r.path === '/api/payments/verify')).toHaveLength(2);
  });

  it("shows the server's reason for a reference it does not know, and says when there is none", async () => {
    answer = [404, { message: 'No payment with that reference.', code: 'NOT_FOUND' }];
    const view = page('ref_unknown');
    expect(await screen.findByText('No payment with that reference.')).toBeTruthy();
    expect(screen.getByText(VERIFY_TEXTS.failedTitle)).toBeTruthy();
    view.unmount();
    page('');
    expect(screen.getByText(VERIFY_TEXTS.noReference)).toBeTruthy();
  });
});
