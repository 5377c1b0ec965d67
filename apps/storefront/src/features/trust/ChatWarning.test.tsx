import { render, screen } from '@testing-library/react';
import { PAY_THROUGH_KASUWA_WARNING, type ChatMessage } from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { ChatWarning } from './ChatWarning';

const message: ChatMessage = {
  id: 1,
  conversationId: 2,
  senderId: 7,
  kind: 'text',
  text: 'Pay to my account 0123456789',
  photo: null,
  offerKobo: null,
  offerStatus: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  read: false,
  warning: PAY_THROUGH_KASUWA_WARNING,
};

describe('chat scam warning', () => {
  it("shows the warning as a note above the other side's message", () => {
    render(<ChatWarning message={message} me={8} />);
    expect(screen.getByRole('note').textContent).toBe(PAY_THROUGH_KASUWA_WARNING);
  });

  it('shows nothing on the writer’s own message or an ordinary one', () => {
    const { container } = render(
      <>
        <ChatWarning message={message} me={7} />
        <ChatWarning message={{ ...message, warning: null }} me={8} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
