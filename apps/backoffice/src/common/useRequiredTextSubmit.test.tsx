import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError } from 'react-admin';
import { TextField } from '@mui/material';
import { describe, expect, it, vi } from 'vitest';
import { useRequiredTextSubmit } from './useRequiredTextSubmit';

function Form({ send, onSent }: { send: (text: string) => Promise<unknown>; onSent?: () => void }) {
  const { error, busy, submit, field } = useRequiredTextSubmit({ send, success: 'Reply sent', failure: 'Failed to send reply', onSent });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {error && <p role="alert">{error}</p>}
      <TextField label="Reply" {...field('Write a reply', 'Sent by email')} />
      <button type="submit" disabled={busy}>
        Send
      </button>
    </form>
  );
}

const renderForm = (send: (text: string) => Promise<unknown>, onSent?: () => void) =>
  render(
    <AdminContext>
      <Form send={send} onSent={onSent} />
    </AdminContext>,
  );

describe('useRequiredTextSubmit', () => {
  it('sends nothing while the text is blank and says what is missing', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => undefined);
    renderForm(send);
    expect(screen.getByText('Sent by email')).toBeTruthy();
    await user.type(screen.getByLabelText(/Reply/), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Write a reply')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the trimmed text once, then clears the field and runs onSent', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => undefined);
    const onSent = vi.fn();
    renderForm(send, onSent);
    await user.type(screen.getByLabelText(/Reply/), '  On its way  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith('On its way');
    expect((screen.getByLabelText(/Reply/) as HTMLInputElement).value).toBe('');
  });

  it("keeps the text and shows the server's message, or the fallback when it gave none", async () => {
    const user = userEvent.setup();
    const send = vi
      .fn<(text: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new HttpError('Message is closed', 409, { message: 'Message is closed' }))
      .mockRejectedValueOnce(new HttpError('Internal Server Error', 500, {}));
    renderForm(send);
    await user.type(screen.getByLabelText(/Reply/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Message is closed');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to send reply'));
    expect((screen.getByLabelText(/Reply/) as HTMLInputElement).value).toBe('Hello');
  });
});
