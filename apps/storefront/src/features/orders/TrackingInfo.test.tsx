import type { Order } from '@kasuwa/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAsSeller } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import { OrderStatusControl } from './OrderStatusControl';
import { trackingRequest } from './TrackingDialog';
import { shippedWithText, TrackingInfo } from './TrackingInfo';

const DHL = 'https://www.dhl.com/ng-en/home/tracking/tracking-express.html?submit=1&tracking-id=1029384756';
const shipped = {
  id: 9,
  status: 'shipped',
  viewerRole: 'buyer',
  allowedNext: [],
  carrier: 'dhl',
  carrierName: null,
  trackingNumber: '1029384756',
  trackingUrl: DHL,
} as unknown as Order;
const accepted = {
  ...shipped,
  status: 'accepted_by_seller',
  viewerRole: 'seller',
  allowedNext: ['processing', 'shipped'],
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
} as unknown as Order;

const api = standInApiForFile({
  'PATCH /api/orders/9/update/status': ({ body }) => {
    const b = body as { paymentStatus: string; carrier?: string; trackingNumber?: string };
    return [
      200,
      {
        message: 'ok',
        data: { ...accepted, status: b.paymentStatus, carrier: b.carrier ?? null, trackingNumber: b.trackingNumber ?? null },
      },
    ];
  },
  'PUT /api/orders/9/tracking': ({ body }) => {
    const b = body as { carrier: string; trackingNumber: string };
    if (b.trackingNumber === 'SERVER-SAYS-NO')
      return [
        422,
        {
          message: 'Validation failed',
          code: 'VALIDATION_FAILED',
          error: [{ field: 'trackingNumber', message: 'Refused by the server' }],
        },
      ];
    return [200, { message: 'Tracking updated', data: { ...shipped, viewerRole: 'seller', ...b, trackingUrl: null } }];
  },
});
beforeEach(() => {
  api.received.splice(0);
  signInAsSeller();
});

describe('tracking on the order page', () => {
  it('tells the buyer who carries it and its number, with the carrier’s page in a new tab', () => {
    render(<TrackingInfo order={shipped} role="buyer" onChange={() => undefined} />);
    expect(screen.getByTestId('tracking-text').textContent).toBe('Shipped with DHL · Tracking number 1029384756');
    const link = screen.getByRole('link', { name: /Track it on the carrier’s site.*opens in a new tab/ });
    expect(link.getAttribute('href')).toBe(DHL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // The buyer cannot change it.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says nothing to the buyer when the seller said nothing; no link without a public tracker', () => {
    const { container } = render(
      <TrackingInfo
        order={{ ...shipped, carrier: null, trackingNumber: null, trackingUrl: null }}
        role="buyer"
        onChange={() => undefined}
      />,
    );
    expect(container.textContent).toBe('');
    render(
      <TrackingInfo
        order={{ ...shipped, carrier: 'kwik', trackingNumber: 'KW-1', trackingUrl: null }}
        role="buyer"
        onChange={() => undefined}
      />,
    );
    expect(screen.getByText('Shipped with Kwik · Tracking number KW-1')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(shippedWithText({ carrier: 'other', carrierName: 'Chisco', trackingNumber: null })).toBe('Shipped with Chisco');
    expect(shippedWithText({ carrier: 'own_rider', carrierName: null, trackingNumber: null })).toBe('Shipped with the seller’s own rider');
  });

  it('lets the seller correct it in a labelled dialog; the server’s field error is shown on its field', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<TrackingInfo order={{ ...shipped, viewerRole: 'seller' }} role="seller" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Change carrier or number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Carrier and tracking number' });
    const number = within(dialog).getByLabelText('Tracking number');
    await user.clear(number);
    await user.type(number, 'SERVER-SAYS-NO');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Refused by the server', {}, { timeout: 10_000 })).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'other');
    await user.type(within(dialog).getByLabelText('Carrier’s name'), ' Chisco ');
    await user.clear(number);
    await user.type(number, ' CH 77 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(
      () =>
        expect(onChange).toHaveBeenCalledWith(
          expect.objectContaining({ carrier: 'other', carrierName: 'Chisco', trackingNumber: 'CH 77' }),
        ),
      { timeout: 10_000 },
    );
    expect(api.received.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/orders/9/tracking',
      body: { carrier: 'other', carrierName: 'Chisco', trackingNumber: 'CH 77' },
      auth: 'Bearer seller-token',
    });
  });

  it('the seller’s shipping step asks for the carrier and number, checks the number before sending, and sends them with the status', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<OrderStatusControl order={accepted} role="seller" onChange={onChange} />);
    await user.selectOptions(screen.getByLabelText('Order status'), 'shipped');
    const dialog = await screen.findByRole('dialog', { name: 'Mark this order as Shipped?' });
    await user.type(within(dialog).getByLabelText('Tracking number'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    expect(within(dialog).getByText('Enter the tracking number as 3–40 letters, digits, dashes or spaces')).toBeTruthy();
    expect(within(dialog).getByText('Choose the carrier of this tracking number')).toBeTruthy();
    expect(api.received).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'dhl');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'c1234');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    await vi.waitFor(
      () =>
        expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ status: 'shipped', carrier: 'dhl', trackingNumber: 'abc1234' })),
      { timeout: 10_000 },
    );
    expect(api.received.map((r) => r.body)).toEqual([
      { paymentStatus: 'shipped', carrier: 'dhl', trackingNumber: 'abc1234', carrierName: null },
    ]);
  });

  it('shipping without saying anything sends the status alone', () => {
    expect(trackingRequest({ carrier: '', trackingNumber: '  ', carrierName: '' })).toEqual({ request: null, errors: {} });
    expect(trackingRequest({ carrier: 'own_rider', trackingNumber: '', carrierName: 'dropped' }).request).toEqual({
      carrier: 'own_rider',
      trackingNumber: null,
      carrierName: null,
    });
  });
});
