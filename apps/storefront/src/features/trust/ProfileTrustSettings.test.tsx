import type { EmailPreferences, SavedSearch } from '@kasuwa/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsAdaObi } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import ProfileTrustSettings from './ProfileTrustSettings';
import SaveSearchButton from './SaveSearchButton';

let prefs: EmailPreferences = {
  order: true,
  message: true,
  offer: true,
  review: true,
  listing: true,
  report: true,
  saved_search: true,
  money: true,
};
let saved: SavedSearch[] = [
  {
    id: 4,
    label: '“generator” · up to ₦300,000.00',
    query: { search: 'generator', maxPrice: '300000' },
    createdAt: new Date().toISOString(),
  },
];
const api = standInApiForFile({
  'GET /api/notifications/preferences': () => [200, { data: prefs }],
  'PUT /api/notifications/preferences': (r) => {
    prefs = { ...prefs, ...(r.body as Partial<EmailPreferences>) };
    return [200, { message: 'E-mail settings saved', data: prefs }];
  },
  'GET /api/saved-searches': () => [200, { data: saved }],
  'POST /api/saved-searches': () => [201, { message: 'Search saved. We will e-mail you new matches once a day.', data: saved }],
  'DELETE /api/saved-searches/4': () => {
    saved = [];
    return [200, { message: 'Saved search removed', data: saved }];
  },
});
beforeEach(() => signInAsAdaObi());

/** The profile's settings (its saved searches link to the results: a router around it). */
const renderSettings = () =>
  render(
    <MemoryRouter>
      <ProfileTrustSettings />
    </MemoryRouter>,
  );

describe('e-mail settings and saved searches on the profile', () => {
  it('one switch per notification type; turning one off saves just that type', async () => {
    const user = userEvent.setup();
    renderSettings();
    const orders = await screen.findByRole('switch', { name: 'Order updates' }, { timeout: 5000 });
    expect((orders as HTMLInputElement).checked).toBe(true);
    await user.click(orders);
    await waitFor(() => expect(api.received.find((r) => r.method === 'PUT')?.body).toEqual({ order: false }), { timeout: 5000 });
    expect(((await screen.findByRole('switch', { name: 'Order updates' }, { timeout: 5000 })) as HTMLInputElement).checked).toBe(false);
  });

  it('lists saved searches as links to their results, and removes one', async () => {
    const user = userEvent.setup();
    renderSettings();
    const link = await screen.findByRole('link', { name: '“generator” · up to ₦300,000.00' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/?search=generator&maxPrice=300000');
    await user.click(screen.getByRole('button', { name: /Remove saved search/ }));
    expect(await screen.findByText(/No saved searches yet/, undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('"Save this search" sends the words and filters of the results page, not its sort or paging', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <SaveSearchButton query={{ search: 'okada', condition: 'all', stateId: 25, sort: 'relevance', limit: 24 }} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    await waitFor(() => expect(api.posts()[0]?.body).toEqual({ search: 'okada', stateId: 25 }), {
      timeout: 5000,
    });
  });
});
