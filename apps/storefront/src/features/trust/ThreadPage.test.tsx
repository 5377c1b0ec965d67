import type { ChatMessage, Conversation } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appQueryClient } from '../../app/queryClient';
import { atRoute } from '../../test/atRoute';
import { standInApiForFile } from '../../test/standInApi';
import { saveSession } from '../auth/session';
import ThreadPage from './ThreadPage';

// The live connection never comes up here: the page falls back to polling.
vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, close: () => undefined }) }));

const conversation = {
  id: 5,
  product: null,
  buyer: { id: 1, fullName: 'Ada Obi' },
  seller: { id: 2, fullName: 'Kemi Ade' },
  role: 'buyer',
  lastMessage: null,
  unread: 1,
  blocked: false,
  createdAt: '2026-11-28T10:00:00.000Z',
} as unknown as Conversation;
const message = (id: number, senderId: number, text: string) =>
  ({
    id,
    conversationId: 5,
    senderId,
    kind: 'text',
    text,
    photo: null,
    offerKobo: null,
    offerStatus: null,
    createdAt: '',
    read: false,
    warning: null,
  }) as ChatMessage;

let found = true;
let later: ChatMessage[] = [];
let reads = 0;
const api = standInApiForFile({
  'GET /api/conversations/5': () => (found ? [200, { data: conversation }] : [404, { message: 'Not found', code: 'NOT_FOUND' }]),
  // The first read: the thread so far; a poll afterwards: what came since (`later`).
  'GET /api/conversations/5/messages': () => [200, { data: reads++ ? later : [message(1, 2, 'Is it still available?')] }],
  'POST /api/conversations/5/read': () => [200, { message: 'ok' }],
  'PUT /api/blocks/2': () => [200, { message: 'Blocked' }],
});
beforeEach(() => {
  api.received.length = 0;
  found = true;
  later = [];
  reads = 0;
  appQueryClient().clear(); // each test opens the thread on a new visit
  saveSession('buyer-token', { email: 'ada@kasuwa.test', fullName: 'Ada Obi', profileImage: null, userId: 1 });
});

const page = () => render(atRoute('/inbox/5', '/inbox/:id', <ThreadPage />));

describe('a conversation', () => {
  it('shows a placeholder, then the messages, and marks the thread read', async () => {
    page();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('Is it still available?')).toBeTruthy();
    expect(screen.getByText('Kemi Ade')).toBeTruthy();
    await vi.waitFor(() => expect(api.received.filter((r) => r.path === '/api/conversations/5/read')).toHaveLength(1));
  });

  it('says so when the conversation cannot be read', async () => {
    found = false;
    page();
    expect(await screen.findByText('Conversation not found.')).toBeTruthy();
  });

  it('polls for newer messages while the live connection is down', async () => {
    page();
    await screen.findByText('Is it still available?');
    later = [message(2, 2, 'Yes, come and see it')];
    expect(screen.queryByText('Yes, come and see it')).toBeNull();
    expect(await screen.findByText('Yes, come and see it', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Is it still available?')).toBeTruthy();
  });

  it('blocking the other member closes the message box', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByRole('button', { name: 'Block user' }));
    expect(await screen.findByText('You cannot send messages in this conversation.')).toBeTruthy();
    expect(api.received.some((r) => r.method === 'PUT' && r.path === '/api/blocks/2')).toBe(true);
  });
});
