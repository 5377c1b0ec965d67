import request from 'supertest';
import { bearer } from './utils/actors';
import { adminSetsStatus, paidOrder as payOrder } from './utils/money-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

/**
 * Tracking on shipped orders: the seller may name the carrier and its tracking number when marking an order shipped
 * (PATCH /orders/{id}/update/status) and correct them while the goods are on their way (PUT /orders/{id}/tracking).
 * Every order answer carries them, with the carrier's public tracking page where it has one.
 */
describe('tracking on shipped orders', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer, stranger],
    admin,
  } = appPerFile({ paystack, users: [{}, {}, {}], admin: true, env: { KASUWA_ROLE: 'web' } });

  const move = (token: string, id: number, body: Record<string, unknown>) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(token)).send(body);
  const correct = (token: string, id: number, body: Record<string, unknown>) =>
    request(t.http).put(`/api/orders/${id}/tracking`).set(bearer(token)).send(body);
  /** The back office's status change (PUT /admin/orders/{id}): a reason, no tracking. */
  const backOffice = (id: number, status: string, reason: string) => adminSetsStatus(t, admin, id, status, reason);
  const read = (token: string, id: number) => request(t.http).get(`/api/orders/in/${id}`).set(bearer(token));
  const stored = async (id: number) =>
    (await t.db.query(`SELECT carrier, carrier_name, tracking_number FROM "order" WHERE id = $1`, [id]))[0];
  async function accepted(): Promise<number> {
    const { orderId } = await payOrder(t, paystack, seller, buyer, { priceKobo: 500_000 });
    await move(seller.token, orderId, { status: 'accepted_by_seller' }).expect(200);
    return orderId;
  }
  const DHL_URL = 'https://www.dhl.com/ng-en/home/tracking/tracking-express.html?submit=1&tracking-id=';

  it('the seller ships with DHL and a number: stored trimmed, the buyer reads it with the link, the shipped e-mail names it', async () => {
    const id = await accepted();
    // Before shipping, nothing is said.
    expect((await read(buyer.token, id).expect(200)).body.data).toMatchObject({
      carrier: null,
      carrierName: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    const shipped = await move(seller.token, id, {
      status: 'shipped',
      carrier: 'dhl',
      trackingNumber: '  1234 5678-90  ',
      carrierName: 'ignored unless other',
    }).expect(200);
    expect(shipped.body.data).toMatchObject({ status: 'shipped', carrier: 'dhl', trackingNumber: '1234 5678-90', carrierName: null });
    expect(await stored(id)).toEqual({ carrier: 'dhl', carrier_name: null, tracking_number: '1234 5678-90' });

    const seen = (await read(buyer.token, id).expect(200)).body.data;
    expect(seen).toMatchObject({ carrier: 'dhl', trackingNumber: '1234 5678-90', trackingUrl: `${DHL_URL}1234%205678-90` });
    // The buyer's lists and the back office carry it too.
    expect(
      (await request(t.http).get('/api/orders/all').set(bearer(buyer.token)).expect(200)).body.data.find(
        (o: { id: number }) => o.id === id,
      ),
    ).toMatchObject({ trackingNumber: '1234 5678-90', trackingUrl: expect.stringContaining(DHL_URL) });
    expect((await request(t.http).get(`/api/admin/orders/${id}`).set(bearer(admin.token)).expect(200)).body).toMatchObject({
      carrier: 'dhl',
      trackingNumber: '1234 5678-90',
    });

    const [mail] = await t.db.query(
      `SELECT body FROM mail_outbox WHERE recipient = $1 AND subject LIKE '%: Shipped' ORDER BY id DESC LIMIT 1`,
      [buyer.email],
    );
    expect(mail.body).toContain('Shipped with DHL · Tracking number 1234 5678-90');
    expect(mail.body).toContain(`${DHL_URL}1234%205678-90`);
    const [bell] = await t.db.query(
      `SELECT body FROM notification WHERE user_id = $1 AND title LIKE '%Shipped.' ORDER BY id DESC LIMIT 1`,
      [buyer.user.id],
    );
    expect(bell.body).toBe('Shipped with DHL · Tracking number 1234 5678-90.');
  });

  it('shipping without tracking still works; a carrier with no public tracker has no link; `other` keeps its name', async () => {
    const plain = await accepted();
    const res = await move(seller.token, plain, { status: 'shipped' }).expect(200);
    expect(res.body.data).toMatchObject({ status: 'shipped', carrier: null, trackingNumber: null, trackingUrl: null });
    const [mail] = await t.db.query(`SELECT body FROM mail_outbox WHERE recipient = $1 AND subject LIKE $2 ORDER BY id DESC LIMIT 1`, [
      buyer.email,
      `%${res.body.data.orderNumber}: Shipped`,
    ]);
    expect(mail.body).not.toContain('Tracking number');

    const kwik = await accepted();
    expect(
      (await move(seller.token, kwik, { status: 'shipped', carrier: 'kwik', trackingNumber: 'KW-998877' }).expect(200)).body.data,
    ).toMatchObject({ carrier: 'kwik', trackingNumber: 'KW-998877', trackingUrl: null });

    const rider = await accepted();
    expect(
      (await move(seller.token, rider, { status: 'shipped', carrier: 'own_rider', trackingNumber: '' }).expect(200)).body.data,
    ).toMatchObject({ carrier: 'own_rider', trackingNumber: null, trackingUrl: null });

    const other = await accepted();
    expect(
      (
        await move(seller.token, other, {
          status: 'shipped',
          carrier: 'other',
          carrierName: '  Peace Mass Transit ',
          trackingNumber: 'PMT 4411',
        }).expect(200)
      ).body.data,
    ).toMatchObject({
      carrier: 'other',
      carrierName: 'Peace Mass Transit',
      trackingNumber: 'PMT 4411',
      trackingUrl: null,
    });
  });

  it('a wrong carrier or number is a 422 naming the field, and nothing moves', async () => {
    const id = await accepted();
    const expect422 = async (body: Record<string, unknown>, field: string, message: RegExp) => {
      const res = await move(seller.token, id, { status: 'shipped', ...body }).expect(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.body)).toMatch(message);
      expect(JSON.stringify(res.body)).toContain(field);
    };
    await expect422(
      { carrier: 'fedex', trackingNumber: '12345' },
      'carrier',
      /Carrier must be one of: gig_logistics, dhl, kwik, sendbox, own_rider, other/,
    );
    await expect422({ carrier: 'dhl', trackingNumber: '12' }, 'trackingNumber', /3–40 letters, digits, dashes or spaces/);
    await expect422({ carrier: 'dhl', trackingNumber: 'x'.repeat(41) }, 'trackingNumber', /3–40/);
    await expect422({ carrier: 'dhl', trackingNumber: 'AB<script>' }, 'trackingNumber', /3–40/);
    await expect422({ carrier: 'dhl', trackingNumber: 12345 }, 'trackingNumber', /3–40/);
    await expect422({ trackingNumber: '123456' }, 'carrier', /Choose the carrier/);
    await expect422({ carrier: 'other', carrierName: 'n'.repeat(41) }, 'carrierName', /40 characters/);
    await expect422({ carrier: 'other', carrierName: 'bell\u0007' }, 'carrierName', /cannot be shown/);
    // Tracking belongs to the move to shipped.
    const res = await move(seller.token, id, { status: 'processing', carrier: 'dhl', trackingNumber: '123456' }).expect(422);
    expect(JSON.stringify(res.body)).toMatch(/when marking the order shipped/);
    // Hostile text: NUL and a lone surrogate are refused before anything is read.
    for (const bad of ['12\u000034', 'AB\uD800CD']) {
      const r = await request(t.http)
        .patch(`/api/orders/${id}/update/status`)
        .set(bearer(seller.token))
        .set('content-type', 'application/json')
        .send(`{"status":"shipped","carrier":"dhl","trackingNumber":${JSON.stringify(bad)}}`);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    const r = await correct(seller.token, id, { carrier: 'dhl', trackingNumber: 'AB\u0000CD' });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect((await read(seller.token, id).expect(200)).body.data).toMatchObject({
      status: 'accepted_by_seller',
      carrier: null,
      trackingNumber: null,
    });
  });

  it('only the seller sets or corrects it: the buyer is told so, anyone else learns nothing', async () => {
    const id = await accepted();
    await move(seller.token, id, { status: 'shipped', carrier: 'gig_logistics', trackingNumber: 'GIG-001' }).expect(200);
    // Strangers: no order to see or change.
    await read(stranger.token, id).expect(404);
    expect((await correct(stranger.token, id, { carrier: 'dhl', trackingNumber: 'STEAL-1' }).expect(404)).body.code).toBe(
      'ORDER_NOT_FOUND',
    );
    // The buyer cannot set it, neither by the correction nor with a status change.
    expect((await correct(buyer.token, id, { carrier: 'dhl', trackingNumber: 'BUYER-1' }).expect(403)).body.code).toBe('SELLER_ONLY');
    const byBuyer = await move(buyer.token, id, { status: 'received_by_buyer', carrier: 'dhl', trackingNumber: 'BUYER-2' }).expect(422);
    expect(JSON.stringify(byBuyer.body)).toMatch(/when marking the order shipped/);
    // An admin's token is not the seller's.
    const byAdmin = await correct(admin.token, id, { carrier: 'dhl', trackingNumber: 'ADMIN-1' });
    expect([401, 403, 404]).toContain(byAdmin.status);
    await correct(seller.token, 999_999_999, { carrier: 'dhl', trackingNumber: 'NONE-1' }).expect(404);
    expect(await stored(id)).toEqual({ carrier: 'gig_logistics', carrier_name: null, tracking_number: 'GIG-001' });
  });

  it('the seller corrects it while shipped or on the way, not after delivery; a wrong correction is a 422', async () => {
    const id = await accepted();
    // Not shipped yet: nothing to correct.
    expect((await correct(seller.token, id, { carrier: 'dhl', trackingNumber: 'EARLY-1' }).expect(409)).body.code).toBe('TRACKING_CLOSED');
    await move(seller.token, id, { status: 'shipped', carrier: 'dhl', trackingNumber: 'TYPO 1' }).expect(200);
    const fixed = await correct(seller.token, id, { carrier: 'dhl', trackingNumber: ' 1029384756 ' }).expect(200);
    expect(fixed.body).toMatchObject({
      message: 'Tracking updated',
      data: { status: 'shipped', carrier: 'dhl', trackingNumber: '1029384756', trackingUrl: `${DHL_URL}1029384756` },
    });
    expect((await read(buyer.token, id).expect(200)).body.data.trackingNumber).toBe('1029384756');
    await correct(seller.token, id, { carrier: 'ups', trackingNumber: '1029384756' }).expect(422);
    await correct(seller.token, id, { trackingNumber: '1029384756' }).expect(422);
    await correct(seller.token, id, { carrier: 'dhl', trackingNumber: '!!' }).expect(422);
    await move(seller.token, id, { status: 'on_the_way' }).expect(200);
    expect(
      (await correct(seller.token, id, { carrier: 'other', carrierName: 'Chisco', trackingNumber: 'CH 77' }).expect(200)).body.data,
    ).toMatchObject({ carrier: 'other', carrierName: 'Chisco', trackingNumber: 'CH 77' });
    // Moving on without saying anything keeps what was said.
    await move(seller.token, id, { status: 'delivered' }).expect(200);
    expect(await stored(id)).toEqual({ carrier: 'other', carrier_name: 'Chisco', tracking_number: 'CH 77' });
    expect((await correct(seller.token, id, { carrier: 'dhl', trackingNumber: 'LATE-1' }).expect(409)).body.code).toBe('TRACKING_CLOSED');
  });

  it('an admin changing the status needs no tracking, and may give it when moving an order to shipped', async () => {
    const id = await accepted();
    await backOffice(id, 'processing', 'Seller asked by phone').expect(200);
    const res = await move(admin.token, id, {
      status: 'shipped',
      reason: 'Seller called it in',
      carrier: 'sendbox',
      trackingNumber: 'SB-12345',
    }).expect(200);
    expect(res.body.data).toMatchObject({ status: 'shipped', carrier: 'sendbox', trackingNumber: 'SB-12345', trackingUrl: null });
    await backOffice(id, 'on_the_way', 'Courier confirmed').expect(200);
    expect(await stored(id)).toEqual({ carrier: 'sendbox', carrier_name: null, tracking_number: 'SB-12345' });
  });
});
