import { render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider, useGetOne } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { AppTopBar } from './AppLayout';

/** Keeps one request pending, so the bar shows its spinner. */
function Pending() {
  useGetOne('orders', { id: 1 });
  return null;
}

describe('AppTopBar', () => {
  it('names its loading spinner while a request is under way', async () => {
    const dataProvider = testDataProvider({ getOne: () => new Promise(() => undefined) });
    render(
      <AdminContext dataProvider={dataProvider}>
        <AppTopBar />
        <Pending />
      </AdminContext>,
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeTruthy();
  });
});
