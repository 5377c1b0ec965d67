import type { Order } from '@kasuwa/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signInAsBuyer, signInAsSeller } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import HandoverPanel, { HANDOVER_TEXTS } from './HandoverPanel';

const order = { id: 7, status: 'shipped', paidAt: '2026-11-20T10:00:00.000Z', viewerRole: 'buyer', allowedNext: [] } as unknown as Order;
const handover = { code: '042917', attemptsLeft: 5, locked: false, usedAt: null, createdAt: '2026-11-21T10:00:00.000Z' };

const api = standInApiForFile({
  'GET /api/orders/7/handover': ({ auth }) => [
    200,
    {
      data: auth === 'Bearer seller-token' ? { ...handover, code: null, attemptsLeft: api.posts().length ? 4 : 5 } : handover,
    },
  ],
  'POST /api/orders/7/received': () => [
    200,
    { message: 'Thank you: the order is completed and the seller is paid.', data: { ...order, status: 'completed' } },
  ],
  'POST /api/orders/7/handover': ({ body }) =>
    (body as { code: string }).code === '042917'
      ? [
          200,
          {
            message: 'Handed over: the order is completed and its money is in your balance.',
            data: { ...order, viewerRole: 'seller', status: 'completed' },
          },
        ]
      : [409, { message: 'That is not the buyer’s handover code. 4 tries left.', code: 'HANDOVER_CODE_WRONG' }],
});

describe('the handover panel', () => {
  it('shows the buyer the code and one “I received it” button that completes the order, then asks for the rating', async () => {
    signInAsBuyer();
    const onChange = vi.fn();
    const onReceived = vi.fn();
    const user = userEvent.setup();
    render(<HandoverPanel order={order} role="buyer" onChange={onChange} onReceived={onReceived} />);
    expect((await screen.findByTestId('handover-code')).textContent).toBe('042917');
    expect(screen.getByText(HANDOVER_TEXTS.buyerHelp)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: HANDOVER_TEXTS.received }));
    const dialog = await screen.findByRole('dialog', { name: HANDOVER_TEXTS.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, I received it' }));
    await vi.waitFor(() => expect(onReceived).toHaveBeenCalled());
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ status: 'completed' }));
    expect(api.posts().map((r) => [r.path, r.auth])).toEqual([['/api/orders/7/received', 'Bearer buyer-token']]);
  });

  it('lets the seller enter the code: a wrong one says so and what is left, the right one completes the order', async () => {
    api.received.length = 0;
    signInAsSeller();
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<HandoverPanel order={{ ...order, viewerRole: 'seller' }} role="seller" onChange={onChange} onReceived={() => undefined} />);
    const field = await screen.findByLabelText(HANDOVER_TEXTS.codeLabel);
    expect(screen.queryByTestId('handover-code')).toBeNull();
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: HANDOVER_TEXTS.enter }));
    expect(await screen.findByText('That is not the buyer’s handover code. 4 tries left.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '042 917');
    await user.click(screen.getByRole('button', { name: HANDOVER_TEXTS.enter }));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ status: 'completed' })));
    expect(api.posts().map((r) => r.body)).toEqual([{ code: '111111' }, { code: '042917' }]);
  });

  it('is not shown before shipping, nor to the other party', () => {
    const { container } = render(
      <>
        <HandoverPanel
          order={{ ...order, status: 'accepted_by_seller' }}
          role="buyer"
          onChange={() => undefined}
          onReceived={() => undefined}
        />
        <HandoverPanel order={order} role="seller" onChange={() => undefined} onReceived={() => undefined} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
