import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ContactPage from './ContactPage';
import RefundPage from './RefundPage';
import TermsPage from './TermsPage';

/** Rule "refunds for every channel": the policy says how a refund reaches each way of paying, not "the same card" for all. */
describe('how refunds reach each payment channel', () => {
  it('the Refund page: a card payment back to the card, a bank transfer or USSD payment to the account the buyer gives', () => {
    render(<RefundPage />);
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/a card payment goes back to the same card; a bank transfer or USSD payment goes\s+to a bank account you give us/);
    expect(text).not.toMatch(/paid online by card is refunded to the same card/);
  });

  it('the Terms and the contact FAQ say the same', () => {
    const { unmount } = render(<TermsPage />);
    expect(document.body.textContent).toMatch(
      /a card payment is refunded to the card; a bank transfer or USSD\s+payment to the bank account you give us/,
    );
    unmount();
    render(<ContactPage />);
    expect(
      screen.getAllByText(/Card payments are refunded to the card; bank transfer and USSD payments to the bank account you give us/).length,
    ).toBeGreaterThan(0);
  });
});
