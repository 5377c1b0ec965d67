import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { useDialogWrite } from './useDialogWrite';

const record = { id: 4, note: 'old' };

function Buttons({ close }: { close: () => void }) {
  const write = useDialogWrite();
  const run = (action: () => Promise<void>) => () => void action().catch(() => undefined);
  return (
    <>
      <button onClick={run(() => write.update('notes', record, { note: 'new' }, 'Note saved', close))}>Update</button>
      <button onClick={run(() => write.create('notes', { note: 'first' }, 'Note added', close))}>Create</button>
    </>
  );
}

function renderButtons(dataProvider: Record<string, unknown>) {
  const close = vi.fn();
  render(
    <AdminContext dataProvider={dataProvider as unknown as DataProvider}>
      <Buttons close={close} />
    </AdminContext>,
  );
  return { close };
}

describe('useDialogWrite', () => {
  it('updates the record (with its previous data), then closes the dialog', async () => {
    const update = vi.fn(async () => ({ data: { ...record, note: 'new' } }));
    const { close } = renderButtons({ update });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('notes', { id: 4, data: { note: 'new' }, previousData: record });
  });

  it('creates a record, then closes the dialog', async () => {
    const create = vi.fn(async () => ({ data: { id: 5, note: 'first' } }));
    const { close } = renderButtons({ create });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith('notes', { data: { note: 'first' } });
  });

  it('a failed write leaves the dialog open (the error goes to the dialog)', async () => {
    const update = vi.fn(async () => {
      throw new Error('Conflict');
    });
    const { close } = renderButtons({ update });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(close).not.toHaveBeenCalled();
  });
});
