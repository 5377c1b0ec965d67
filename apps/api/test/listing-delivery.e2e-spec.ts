import request from 'supertest';
import { MIGRATED_DELIVERY, type ListingDelivery } from '@kasuwa/contracts';
import { adminToken, bearer, registerUser } from './utils/actors';
import { withFields } from './utils/catalog-fixtures';
import { CITY, LGA, STATE } from './utils/places';
import { createTestApp, TestApp } from './utils/test-app';

/** docs/delivery.md (Delivery, Places): each listing's delivery options and its LGA. */
describe('listing delivery options and LGA', () => {
  let t: TestApp;
  const { LAGOS, FCT } = STATE;
  const { IKEJA, LEKKI, WUSE, IBADAN } = CITY;
  const { ETI_OSA, IKEJA: IKEJA_LGA, BWARI } = LGA;

  const OWN: ListingDelivery = {
    pickup: true,
    sellerDelivery: { lga: { fee: 1500, days: 1 }, state: { fee: 3000, days: 2 }, other: null },
    payOnDelivery: true,
  };

  async function post(token: string, fields: Record<string, unknown>, status = 201) {
    const res = await withFields(request(t.http).post('/api/products').set(bearer(token)), {
      productName: 'Delivery kettle',
      productPrice: '1000',
      productDescription: 'Clean',
      platformCommissionAgreement: 'agreed',
      stateId: LAGOS,
      cityId: IKEJA,
      ...fields,
    });
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }
  async function edit(token: string, id: number, fields: Record<string, unknown>, status = 200) {
    const res = await withFields(request(t.http).put(`/api/products/edit/${id}`).set(bearer(token)), fields);
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const fieldsOf = (body: { error?: { field: string; message: string }[] }) => body.error ?? [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a listing takes its delivery options (fees in naira, stored in kobo) and every answer carries them, with its LGA', async () => {
    const { token } = await registerUser(t);
    const { data } = await post(token, { delivery: OWN });
    expect(data).toMatchObject({ delivery: OWN, lgaId: IKEJA_LGA, lgaName: 'Ikeja' });
    const [row] = await t.db.query(
      `SELECT pickup, delivery_lga_kobo::int AS lga, delivery_state_kobo::int AS state, delivery_other_kobo AS other, delivery_lga_days AS lga_days, delivery_other_days AS other_days, pay_on_delivery FROM product WHERE id = $1`,
      [data.id],
    );
    expect(row).toEqual({ pickup: true, lga: 150000, state: 300000, other: null, lga_days: 1, other_days: null, pay_on_delivery: true });
    expect((await request(t.http).get(`/api/products/${data.id}`).expect(200)).body.data).toMatchObject({
      delivery: OWN,
      lgaId: IKEJA_LGA,
      lgaName: 'Ikeja',
    });
    const search = (await request(t.http).get('/api/products').query({ search: 'Delivery kettle' }).expect(200)).body.data;
    // Search pages stay lean: the product's page has the terms.
    const hit = search.find((p: { id: number }) => p.id === data.id);
    expect(hit).toBeTruthy();
    expect(hit).not.toHaveProperty('delivery');
    expect((await request(t.http).get('/api/products/user/in').set(bearer(token)).expect(200)).body.data[0]).toMatchObject({
      delivery: OWN,
      lgaId: IKEJA_LGA,
    });
  });

  it('pickup alone is enough; fee 0 is free delivery; days 0 is same day', async () => {
    const { token } = await registerUser(t);
    const pickupOnly = { pickup: true, sellerDelivery: { lga: null, state: null, other: null }, payOnDelivery: false };
    expect((await post(token, { delivery: pickupOnly })).data.delivery).toEqual(pickupOnly);
    const free = {
      pickup: false,
      sellerDelivery: { lga: { fee: 0, days: 0 }, state: null, other: { fee: 1000000, days: 60 } },
      payOnDelivery: false,
    };
    expect((await post(token, { delivery: free })).data.delivery).toEqual(free);
    // Zones left out are not served.
    expect((await post(token, { delivery: { pickup: true } })).data.delivery).toEqual(pickupOnly);
  });

  it("without options, a new listing takes the seller's latest listing's, else the spec's ₦4,500 everywhere; GET /api/products/delivery-defaults says which", async () => {
    const { token } = await registerUser(t);
    expect((await request(t.http).get('/api/products/delivery-defaults').set(bearer(token)).expect(200)).body.data).toEqual(
      MIGRATED_DELIVERY,
    );
    const first = (await post(token, {})).data;
    expect(first.delivery).toEqual(MIGRATED_DELIVERY);
    await post(token, { delivery: OWN });
    expect((await request(t.http).get('/api/products/delivery-defaults').set(bearer(token)).expect(200)).body.data).toEqual(OWN);
    expect((await post(token, {})).data.delivery).toEqual(OWN);
    // Another seller's listings are not this one's defaults.
    const other = await registerUser(t);
    expect((await post(other.token, {})).data.delivery).toEqual(MIGRATED_DELIVERY);
    await request(t.http).get('/api/products/delivery-defaults').expect(401);
  });

  it('an edit without options keeps them; with options replaces them', async () => {
    const { token } = await registerUser(t);
    const { data } = await post(token, { delivery: OWN });
    expect((await edit(token, data.id, { productName: 'Renamed kettle' })).data).toMatchObject({
      productName: 'Renamed kettle',
      delivery: OWN,
      lgaId: IKEJA_LGA,
    });
    const next = { pickup: false, sellerDelivery: { lga: null, state: null, other: { fee: 9000, days: 7 } }, payOnDelivery: false };
    expect((await edit(token, data.id, { delivery: next })).data.delivery).toEqual(next);
    // A refused edit changes nothing.
    await edit(token, data.id, { delivery: { pickup: false } }, 422);
    expect((await request(t.http).get(`/api/products/${data.id}`).expect(200)).body.data.delivery).toEqual(next);
  });

  it('the back office edits the options as a JSON object', async () => {
    const { token } = await registerUser(t);
    const admin = await adminToken(t);
    const { data } = await post(token, {});
    const res = await request(t.http)
      .put(`/api/admin/products/${data.id}`)
      .set(bearer(admin))
      .send({ delivery: OWN, lgaId: IKEJA_LGA })
      .expect(200);
    expect(res.body).toMatchObject({ delivery: OWN, lgaId: IKEJA_LGA });
    const bad = await request(t.http)
      .put(`/api/admin/products/${data.id}`)
      .set(bearer(admin))
      .send({ delivery: { pickup: false, sellerDelivery: { lga: { fee: -1, days: 1 } } } })
      .expect(422);
    expect(fieldsOf(bad.body)).toEqual([{ field: 'delivery.sellerDelivery.lga.fee', message: expect.stringContaining('whole naira') }]);
  });

  it('each problem is a 422 naming its field', async () => {
    const { token } = await registerUser(t);
    const zone = (z: unknown) => ({ pickup: false, sellerDelivery: { lga: null, state: z, other: null }, payOnDelivery: false });
    const cases: [unknown, string, RegExp][] = [
      [zone({ fee: 1000001, days: 1 }), 'delivery.sellerDelivery.state.fee', /whole naira, from 0 to 1,000,000/],
      [zone({ fee: 1500.5, days: 1 }), 'delivery.sellerDelivery.state.fee', /whole naira/],
      [zone({ fee: -5, days: 1 }), 'delivery.sellerDelivery.state.fee', /whole naira/],
      [zone({ fee: '1500', days: 1 }), 'delivery.sellerDelivery.state.fee', /whole naira/],
      [zone({ days: 1 }), 'delivery.sellerDelivery.state.fee', /whole naira/],
      [zone({ fee: 1500, days: 61 }), 'delivery.sellerDelivery.state.days', /0 to 60/],
      [zone({ fee: 1500, days: 1.5 }), 'delivery.sellerDelivery.state.days', /0 to 60/],
      [zone('cheap'), 'delivery.sellerDelivery.state', /null \(not served\) or an object/],
      [zone([1500, 1]), 'delivery.sellerDelivery.state', /null \(not served\) or an object/],
      [{ pickup: 'yes' }, 'delivery.pickup', /true or false/],
      [{ pickup: true, payOnDelivery: 1 }, 'delivery.payOnDelivery', /true or false/],
      [{ pickup: true, sellerDelivery: 'all' }, 'delivery.sellerDelivery', /an object with lga, state and other/],
      [[OWN], 'delivery', /must be an object/],
      [
        { pickup: false, sellerDelivery: { lga: null, state: null, other: null }, payOnDelivery: false },
        'delivery',
        /^Choose at least one way to deliver: pickup or seller delivery to at least one zone$/,
      ],
      [{}, 'delivery', /^Choose at least one way to deliver/],
      [
        { pickup: true, sellerDelivery: { lga: null, state: null, other: null }, payOnDelivery: true },
        'delivery.payOnDelivery',
        /^Pay on delivery needs seller delivery to at least one zone$/,
      ],
    ];
    for (const [delivery, field, message] of cases) {
      const body = await post(token, { delivery }, 422);
      expect({ delivery, error: fieldsOf(body) }).toEqual({ delivery, error: [{ field, message: expect.stringMatching(message) }] });
    }
    // Text that is no JSON.
    expect(fieldsOf(await post(token, { delivery: '{pickup: true' }, 422))).toEqual([
      { field: 'delivery', message: expect.stringContaining('must be JSON') },
    ]);
    expect(
      (
        await t.db.query(
          `SELECT count(*)::int AS n FROM product p JOIN app_user u ON u.id = p.user_id WHERE u.email = (SELECT email FROM app_user ORDER BY id DESC LIMIT 1)`,
        )
      )[0].n,
    ).toBe(0);
  });

  it('hostile options are refused with a 4xx, never a 500', async () => {
    const { token } = await registerUser(t);
    const deep = '{"pickup":true,"sellerDelivery":' + '{"lga":'.repeat(5000) + 'null' + '}'.repeat(5000) + '}';
    const hostile = [
      deep,
      JSON.stringify({ pickup: true, sellerDelivery: { lga: { fee: 1e308, days: 1 } } }),
      '{"pickup":true,"sellerDelivery":{"lga":{"fee":1e999,"days":1}}}',
      JSON.stringify({ pickup: true, sellerDelivery: { lga: { fee: 99999999999999999999, days: 1 } } }),
      JSON.stringify({ pickup: true, sellerDelivery: { lga: { fee: 100, days: -99999999999 } } }),
      JSON.stringify({ pickup: 'true\u0000', payOnDelivery: false }),
      '{"pickup":true,"__proto__":{"pickup":false},"constructor":{"prototype":{"x":1}}}',
      'x'.repeat(100_000),
      '"just a string"',
      '12345',
      'true',
    ];
    /** A listing whose delivery field is `delivery` as sent, without the form's other checks in the way. */
    const hostileListing = (delivery: string) =>
      withFields(request(t.http).post('/api/products').set(bearer(token)), {
        productName: 'Hostile',
        productPrice: '1000',
        platformCommissionAgreement: 'agreed',
        stateId: LAGOS,
        cityId: IKEJA,
        delivery,
      });
    for (const delivery of hostile) {
      const res = await hostileListing(delivery);
      expect({ delivery: delivery.slice(0, 80), status: res.status < 500 && res.status >= 400 }).toEqual({
        delivery: delivery.slice(0, 80),
        status: true,
      });
    }
    // Keys no form has are refused inside the JSON text as in a JSON body.
    const proto = hostileListing('{"pickup":true,"__proto__":{"pickup":false}}');
    expect(fieldsOf((await proto.expect(422)).body)).toEqual([
      { field: 'delivery', message: 'delivery must not have a field named __proto__' },
    ]);
    // A NUL byte anywhere in the text is refused by the input guard.
    expect((await hostileListing('{"pickup":true}\u0000')).status).toBe(422);
    // A JSON body's nesting is refused before it is read.
    const admin = await adminToken(t);
    const { data } = await post(token, {});
    let nested: unknown = null;
    for (let i = 0; i < 200; i++) nested = { lga: nested };
    const res = await request(t.http)
      .put(`/api/admin/products/${data.id}`)
      .set(bearer(admin))
      .send({ delivery: { pickup: true, sellerDelivery: nested } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await request(t.http).get(`/api/products/${data.id}`).expect(200)).body.data.delivery).toEqual(MIGRATED_DELIVERY);
  });

  it("lgaId: picked in the listing's state, else the city's own LGA, else none; one in another state is a 422", async () => {
    const { token } = await registerUser(t);
    expect((await post(token, { cityId: LEKKI })).data).toMatchObject({ lgaId: ETI_OSA, lgaName: 'Eti Osa' });
    expect((await post(token, { stateId: 31, cityId: IBADAN })).data).toMatchObject({ lgaId: null, lgaName: null });
    const picked = (await post(token, { stateId: FCT, cityId: WUSE, lgaId: BWARI })).data;
    expect(picked).toMatchObject({ lgaId: BWARI, lgaName: 'Bwari' });
    expect(fieldsOf(await post(token, { lgaId: BWARI }, 422))).toEqual([{ field: 'lgaId', message: 'Bwari is not in Lagos' }]);
    for (const bad of ['999999', 'abc', '-1', '1.5']) expect(fieldsOf(await post(token, { lgaId: bad }, 422))[0].field).toBe('lgaId');
    // Edits: an LGA in the listing's state; a move to another city takes that city's LGA; an LGA outside the state is refused.
    expect((await edit(token, picked.id, { lgaId: IKEJA_LGA }, 422)).error).toEqual([
      { field: 'lgaId', message: 'Ikeja is not in Abuja (FCT)' },
    ]);
    expect((await edit(token, picked.id, { stateId: LAGOS, cityId: IKEJA })).data).toMatchObject({ lgaId: IKEJA_LGA });
    expect((await edit(token, picked.id, { lgaId: ETI_OSA })).data).toMatchObject({ lgaId: ETI_OSA, lgaName: 'Eti Osa' });
    expect((await edit(token, picked.id, { productName: 'Still in Eti Osa' })).data).toMatchObject({ lgaId: ETI_OSA });
  });
});
