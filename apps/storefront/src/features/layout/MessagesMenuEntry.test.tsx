import type { ConversationsResponse } from '@kasuwa/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsAdaObi } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import { signOut } from '../auth/session';
import MobileMenu from './MobileMenu';
import ProfileMenuPopup from './ProfileMenuPopup';

let unread = 3;
const api = standInApiForFile({
  'GET /api/conversations': (): [number, ConversationsResponse] => [200, { data: [], meta: { unread } }],
});
beforeEach(() => signInAsAdaObi());

const inbox = <Route path="/inbox" element={<p>Inbox page</p>} />;

describe('Messages in the phone menu and the account menu', () => {
  it('the phone menu lists Messages with the unread count, and it opens the inbox', async () => {
    unread = 3;
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<MobileMenu open onClose={() => undefined} />} />
          {inbox}
        </Routes>
      </MemoryRouter>,
    );
    const entry = await screen.findByRole('link', { name: 'Messages, 3 unread' }, { timeout: 5000 });
    expect(screen.getByTestId('menu-messages-count').textContent).toBe('3');
    await user.click(entry);
    expect(await screen.findByText('Inbox page')).toBeTruthy();
  });

  it('the account menu lists Messages with the unread count; none unread shows no badge', async () => {
    unread = 0;
    const asked = api.received.length;
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<ProfileMenuPopup anchor={document.body} label="Ada Obi" onClose={() => undefined} />} />
          {inbox}
        </Routes>
      </MemoryRouter>,
    );
    const entry = await screen.findByRole('menuitem', { name: 'Messages' }, { timeout: 5000 });
    await waitFor(() =>
      expect(api.received.filter((r) => r.path === '/api/conversations').length).toBe(
        1 + api.received.slice(0, asked).filter((r) => r.path === '/api/conversations').length,
      ),
    );
    expect(screen.getByTestId('menu-messages-count').querySelector('.MuiBadge-invisible')).toBeTruthy();
    await user.click(entry);
    expect(await screen.findByText('Inbox page')).toBeTruthy();
  });

  it('a guest has no Messages entry and nothing is asked', async () => {
    signOut();
    const before = api.received.length;
    render(
      <MemoryRouter>
        <MobileMenu open onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Messages/ })).toBeNull();
    expect(api.received.length).toBe(before);
  });
});
