import request from 'supertest';
import { MAX_ADDRESSES, type Address } from '@kasuwa/contracts';
import { bearer, registerUser, type TestUser } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { LGA, STATE } from './utils/places';
import { appPerFile } from './utils/test-app';

/** docs/delivery.md (Places): structured delivery addresses, remembered per user, one default. */
describe('delivery addresses', () => {
  const {
    t,
    users: [ada, bola],
  } = appPerFile({ users: [{}, {}], env: { AUTH_RATE_LIMIT: '10000' } });
  const { LAGOS, FCT } = STATE;
  const { ETI_OSA, IKEJA } = LGA;
  const home = {
    stateId: LAGOS,
    lgaId: ETI_OSA,
    street: '  12 Admiralty Way, Lekki Phase 1  ',
    landmark: 'Opposite the filling station',
    phone: '0803 123 4567',
  };

  const list = async (who: TestUser) => (await request(t.http).get('/api/addresses').set(bearer(who)).expect(200)).body.data as Address[];
  const add = (who: TestUser, body: unknown) =>
    request(t.http)
      .post('/api/addresses')
      .set(bearer(who))
      .send(body as object);
  const fresh = () => registerUser(t);

  it('needs a signed-in user', async () => {
    await request(t.http).get('/api/addresses').expect(401);
    await request(t.http).post('/api/addresses').send(home).expect(401);
    await request(t.http).post('/api/addresses/1/default').expect(401);
  });

  it('saves, lists, edits and deletes; trims the street, names the state and LGA, keeps the phone as E.164', async () => {
    const created = (await add(ada, home).expect(201)).body.data as Address;
    expect(created).toEqual({
      id: expect.any(Number),
      stateId: LAGOS,
      stateName: 'Lagos',
      lgaId: ETI_OSA,
      lgaName: 'Eti Osa',
      street: '12 Admiralty Way, Lekki Phase 1',
      landmark: 'Opposite the filling station',
      phone: '+2348031234567',
      isDefault: true,
    });
    expect(await list(ada)).toEqual([created]);
    const edited = await request(t.http)
      .put(`/api/addresses/${created.id}`)
      .set(bearer(ada))
      .send({ stateId: LAGOS, lgaId: IKEJA, street: '3 Allen Avenue', landmark: '', phone: '+234 (809) 765-4321' })
      .expect(200);
    expect(edited.body.data).toMatchObject({
      id: created.id,
      lgaId: IKEJA,
      lgaName: 'Ikeja',
      street: '3 Allen Avenue',
      landmark: null,
      phone: '+2348097654321',
      isDefault: true,
    });
    const deleted = await request(t.http).delete(`/api/addresses/${created.id}`).set(bearer(ada)).expect(200);
    expect(deleted.body.data).toEqual([]);
    expect(await list(ada)).toEqual([]);
  });

  it('one default: the first saved; making one default unsets the other; deleting the default promotes the newest left', async () => {
    const u = await fresh();
    const a = (await add(u, home).expect(201)).body.data as Address;
    const b = (await add(u, { ...home, street: '2 Second Street' }).expect(201)).body.data as Address;
    const c = (await add(u, { ...home, street: '3 Third Street' }).expect(201)).body.data as Address;
    expect([a.isDefault, b.isDefault, c.isDefault]).toEqual([true, false, false]);
    // The default first, then the newest.
    expect((await list(u)).map((x) => x.id)).toEqual([a.id, c.id, b.id]);
    const switched = (await request(t.http).post(`/api/addresses/${b.id}/default`).set(bearer(u)).expect(200)).body.data as Address[];
    expect(switched.map((x) => [x.id, x.isDefault])).toEqual([
      [b.id, true],
      [c.id, false],
      [a.id, false],
    ]);
    // Again: nothing changes, still one default.
    await request(t.http).post(`/api/addresses/${b.id}/default`).set(bearer(u)).expect(200);
    // A new address saved as the default takes it over.
    const d = (await add(u, { ...home, street: '4 Fourth Street', isDefault: true }).expect(201)).body.data as Address;
    expect(d.isDefault).toBe(true);
    // An edit with isDefault true moves it; false never leaves the user without one.
    await request(t.http)
      .put(`/api/addresses/${a.id}`)
      .set(bearer(u))
      .send({ ...home, isDefault: true })
      .expect(200);
    await request(t.http)
      .put(`/api/addresses/${a.id}`)
      .set(bearer(u))
      .send({ ...home, isDefault: false })
      .expect(200);
    expect((await list(u)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([a.id]);
    // Deleting the default promotes the newest remaining (d), not the oldest.
    const left = (await request(t.http).delete(`/api/addresses/${a.id}`).set(bearer(u)).expect(200)).body.data as Address[];
    expect(left.map((x) => [x.id, x.isDefault])).toEqual([
      [d.id, true],
      [c.id, false],
      [b.id, false],
    ]);
    // Deleting one that is not the default leaves the default alone.
    await request(t.http).delete(`/api/addresses/${b.id}`).set(bearer(u)).expect(200);
    expect((await list(u)).map((x) => [x.id, x.isDefault])).toEqual([
      [d.id, true],
      [c.id, false],
    ]);
  });

  it('two default switches at once still leave exactly one default', async () => {
    const u = await fresh();
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(((await add(u, { ...home, street: `${i} Race Street` }).expect(201)).body.data as Address).id);
    await Promise.all(ids.map((id) => request(t.http).post(`/api/addresses/${id}/default`).set(bearer(u)).expect(200)));
    expect((await list(u)).filter((x) => x.isDefault)).toHaveLength(1);
  });

  it(`at most ${MAX_ADDRESSES} per user (409 TOO_MANY_ADDRESSES), also when saved at once`, async () => {
    const u = await fresh();
    const results = await Promise.all(Array.from({ length: MAX_ADDRESSES + 3 }, (_, i) => add(u, { ...home, street: `${i} Limit Road` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_ADDRESSES);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(3).fill([409, 'TOO_MANY_ADDRESSES']));
    expect(await list(u)).toHaveLength(MAX_ADDRESSES);
    expect((await list(u)).filter((x) => x.isDefault)).toHaveLength(1);
  });

  it('the LGA must lie in the state: 422 naming the field', async () => {
    const u = await fresh();
    const res = await add(u, { ...home, stateId: FCT, lgaId: ETI_OSA }).expect(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', error: [{ field: 'lgaId', message: 'Eti Osa is not in Abuja (FCT)' }] });
    expect((await add(u, { ...home, stateId: 99 }).expect(422)).body.error).toEqual([
      { field: 'stateId', message: 'Choose a state from the list' },
    ]);
    expect((await add(u, { ...home, lgaId: 999999 }).expect(422)).body.error).toEqual([
      { field: 'lgaId', message: 'Choose a local government area from the list' },
    ]);
    const a = (await add(u, home).expect(201)).body.data as Address;
    expect(
      (
        await request(t.http)
          .put(`/api/addresses/${a.id}`)
          .set(bearer(u))
          .send({ ...home, lgaId: 150002 })
          .expect(422)
      ).body.error[0].field,
    ).toBe('lgaId');
    expect(await list(u)).toEqual([a]);
  });

  it('checks street, landmark and phone', async () => {
    const u = await fresh();
    const field = async (body: object) =>
      ((await add(u, { ...home, ...body }).expect(422)).body.error as { field: string }[]).map((e) => e.field);
    expect(await field({ street: '  ab  ' })).toEqual(['street']);
    expect(await field({ street: 'x'.repeat(201) })).toEqual(['street']);
    expect(await field({ landmark: 'x'.repeat(121) })).toEqual(['landmark']);
    expect(await field({ phone: '12345' })).toEqual(['phone']);
    expect(await field({ phone: '+44 20 7946 0958' })).toEqual(['phone']);
    expect(await field({ phone: '0603 123 4567' })).toEqual(['phone']);
    expect(await field({ phone: undefined })).toEqual(['phone']);
    await add(u, { ...home, street: 'x'.repeat(200), landmark: 'y'.repeat(120) }).expect(201);
    await add(u, { ...home, landmark: undefined, phone: '2348031234567' }).expect(201);
    expect((await list(u)).map((a) => a.phone)).toEqual(['+2348031234567', '+2348031234567']);
  });

  it("another user's address is a 404, for every route, and stays as it was", async () => {
    const mine = (await add(bola, home).expect(201)).body.data as Address;
    const u = await fresh();
    await add(u, home).expect(201);
    for (const res of [
      await request(t.http)
        .put(`/api/addresses/${mine.id}`)
        .set(bearer(u))
        .send({ ...home, street: 'Hijacked street' }),
      await request(t.http).delete(`/api/addresses/${mine.id}`).set(bearer(u)),
      await request(t.http).post(`/api/addresses/${mine.id}/default`).set(bearer(u)),
    ])
      expect([res.status, res.body.code]).toEqual([404, 'ADDRESS_NOT_FOUND']);
    expect((await list(u)).map((a) => a.id)).not.toContain(mine.id);
    expect(await list(bola)).toEqual([mine]);
    // Ids that name nothing: the same 404.
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999', '2147483648', '999999999'])
      expect((await request(t.http).post(`/api/addresses/${bad}/default`).set(bearer(u))).status).toBe(404);
  });

  it('hostile input is a 4xx, never a 500, and saves nothing', async () => {
    const u = await fresh();
    const bodies: unknown[] = [
      { ...home, street: '12 Admiralty\u0000Way' },
      { ...home, landmark: 'Near \ud800 the gate' },
      { ...home, stateId: 1e308 },
      { ...home, stateId: 2 ** 31 },
      { ...home, lgaId: -250008 },
      { ...home, lgaId: 250008.5 },
      { ...home, stateId: '25' },
      { ...home, stateId: null },
      { ...home, street: ['12 Admiralty Way'] },
      { ...home, street: { $gt: '' } },
      { ...home, phone: 8031234567 },
      { ...home, landmark: 42 },
      { ...home, isDefault: 'yes' },
      { ...home, __proto__: { isDefault: true }, street: 12 },
      [home],
      'street',
      null,
    ];
    for (const body of bodies) {
      const res = await request(t.http)
        .post('/api/addresses')
        .set(bearer(u))
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
      expect([JSON.stringify(body).slice(0, 60), res.status >= 400 && res.status < 500]).toEqual([JSON.stringify(body).slice(0, 60), true]);
    }
    const raw = await request(t.http)
      .post('/api/addresses')
      .set(bearer(u))
      .set('Content-Type', 'application/json')
      .send('{"stateId": 25, "lgaId": ');
    expect(raw.status).toBe(400);
    expect(await list(u)).toEqual([]);
  });

  it('account deletion removes the addresses (the user row is anonymised, so the cascade alone would not) and clears landmarks on finished orders', async () => {
    const u = await fresh();
    await add(u, home).expect(201);
    await add(u, { ...home, street: '9 Deletion Close' }).expect(201);
    const other = await fresh();
    await add(other, home).expect(201);
    // An unpaid checkout whose address kept a landmark (set here: the orders' own flow stores it).
    const goods = await createProduct(t, other.user.id);
    const placed = await placeOrder(t, u.token, [{ productID: goods.id, quantity: 1 }]);
    await t.db.query(`UPDATE checkout_session SET landmark = 'By the Deletion Bank' WHERE id = $1`, [placed.checkoutSessionId]);
    await t.db.query(`UPDATE "order" SET landmark = 'By the Deletion Bank' WHERE checkout_session_id = $1`, [placed.checkoutSessionId]);
    await request(t.http).delete('/api/profile/me').set(bearer(u)).send({ confirm: 'DELETE ACCOUNT' }).expect(200);
    expect((await t.db.query(`SELECT status FROM app_user WHERE id = $1`, [u.user.id]))[0].status).toBe('deleted');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM user_address WHERE user_id = $1`, [u.user.id]))[0].n).toBe(0);
    expect(await list(other)).toHaveLength(1);
    // The cancelled order and its checkout lose the landmark with the rest of the address.
    expect(
      await t.db.query(
        `SELECT landmark FROM "order" WHERE checkout_session_id = $1 UNION ALL SELECT landmark FROM checkout_session WHERE id = $1`,
        [placed.checkoutSessionId],
      ),
    ).toEqual([{ landmark: null }, { landmark: null }]);
  });
});
