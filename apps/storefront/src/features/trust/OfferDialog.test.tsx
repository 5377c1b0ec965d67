import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import OfferDialog, { parseOffer } from './OfferDialog';

const LISTED = 4_500_000; // ₦45,000

describe('the offer dialog', () => {
  it('reads naira as Nigerians write it, and refuses what is not an amount below the listed price', () => {
    expect(parseOffer('42,000', LISTED)).toEqual({ kobo: 4_200_000 });
    expect(parseOffer(' ₦42 000.50 ', LISTED)).toEqual({ kobo: 4_200_050 });
    expect(parseOffer('42000', LISTED)).toEqual({ kobo: 4_200_000 });
    expect(parseOffer('', LISTED)).toEqual({ error: 'Enter your offer in naira.' });
    expect(parseOffer('4,20,00', LISTED)).toEqual({ error: 'Enter an amount in naira, like 45,000.' });
    expect(parseOffer('forty', LISTED)).toEqual({ error: 'Enter an amount in naira, like 45,000.' });
    expect(parseOffer('0.50', LISTED)).toEqual({ error: 'The least you can offer is ₦1.00.' });
    expect(parseOffer('45,000', LISTED)).toEqual({ error: 'Offer less than the listed price of ₦45,000.00.' });
  });

  it('shows the error on the labelled field, sends kobo once valid, and says a new offer replaces the open one', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => true);
    const onClose = vi.fn();
    render(<OfferDialog open onClose={onClose} listKobo={LISTED} openOfferKobo={4_000_000} onSubmit={onSubmit} />);
    const dialog = screen.getByRole('dialog', { name: 'Make an offer' });
    expect(dialog.textContent).toContain('Listed at ₦45,000.00 per item');
    expect(screen.getByText(/Your offer of ₦40,000.00 is still waiting. A new offer replaces it./)).toBeTruthy();

    const field = screen.getByRole('textbox', { name: 'Your offer per item' });
    expect(document.activeElement).toBe(field);
    await user.type(field, '50,000');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The message is the field's description, so a screen reader reads it with the field.
    const described = document.getElementById(field.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Offer less than the listed price of ₦45,000.00.');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '42,000{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(4_200_000));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('stays open with the amount when the API refuses the offer', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<OfferDialog open onClose={onClose} listKobo={LISTED} openOfferKobo={null} onSubmit={async () => false} />);
    await user.type(screen.getByRole('textbox', { name: 'Your offer per item' }), '30000');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Send offer' }) as HTMLButtonElement).disabled).toBe(false));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Your offer per item' }) as HTMLInputElement).value).toBe('30000');
  });
});
