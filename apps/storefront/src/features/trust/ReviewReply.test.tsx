import type { Review } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signInAsSeller } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import ReviewReply from './ReviewReply';

const review = {
  id: 12,
  orderId: 7,
  sellerId: 2,
  buyer: { id: 1, fullName: 'Ada Obi' },
  rating: 2,
  text: 'Late.',
  reply: null,
} as unknown as Review;

const api = standInApiForFile({
  'POST /api/reviews/12/reply': ({ body }) => [
    201,
    { message: 'Reply posted', data: { ...review, reply: (body as { text: string }).text } },
  ],
});

describe('a seller’s reply to a rating', () => {
  it('opens a form, refuses an empty reply, posts the trimmed text and hands back the answered review', async () => {
    signInAsSeller();
    const onReplied = vi.fn();
    const user = userEvent.setup();
    render(<ReviewReply review={review} onReplied={onReplied} />);
    await user.click(screen.getByRole('button', { name: 'Reply to Ada Obi' }));
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Write a reply')).toBeTruthy();
    await user.type(screen.getByLabelText('Your public reply'), '  Sorry: the bus broke down.  ');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await vi.waitFor(() => expect(onReplied).toHaveBeenCalledWith(expect.objectContaining({ reply: 'Sorry: the bus broke down.' })));
    expect(api.received.map((r) => [r.method, r.path, r.body, r.auth])).toEqual([
      ['POST', '/api/reviews/12/reply', { text: 'Sorry: the bus broke down.' }, 'Bearer seller-token'],
    ]);
  });
});
