import request from 'supertest';
import { bearer, registerUser } from './utils/actors';
import { appPerFile } from './utils/test-app';

describe('categories and commission notes', () => {
  const { t, admin } = appPerFile({ admin: true });

  it('admins create categories with unique generated slugs; anyone reads { data: { categories } }', async () => {
    const a = await request(t.http)
      .post('/api/category/categories')
      .set(bearer(admin))
      .send({ categoryName: 'Phones & Tablets' })
      .expect(201);
    expect(a.body.data).toMatchObject({
      categoryName: 'Phones & Tablets',
      slug: 'phones-tablets',
      status: 'active',
      parentCategoryID: null,
    });
    const b = await request(t.http)
      .post('/api/category/categories')
      .set(bearer(admin))
      .send({ categoryName: 'Phones  Tablets' })
      .expect(201);
    expect(b.body.data.slug).toBe('phones-tablets-2');
    const child = await request(t.http)
      .post('/api/category/categories')
      .set(bearer(admin))
      .send({ categoryName: 'Mobile Phones', parentCategoryID: a.body.data.id })
      .expect(201);
    expect(child.body.data.parentCategoryID).toBe(a.body.data.id);
    const list = await request(t.http).get('/api/category/categories').expect(200);
    expect(list.body.data.categories.map((c: { slug: string }) => c.slug)).toEqual(
      expect.arrayContaining(['phones-tablets', 'mobile-phones']),
    );
  });

  it('"Category name" is required; writes need an admin token', async () => {
    const res = await request(t.http).post('/api/category/categories').set(bearer(admin)).send({ categoryName: '  ' }).expect(422);
    expect(res.body.error).toEqual([{ field: 'categoryName', message: 'Category name is required' }]);
    const u = await registerUser(t);
    await request(t.http).post('/api/category/categories').set(bearer(u.token)).send({ categoryName: 'X' }).expect(401);
    await request(t.http).post('/api/category/categories').send({ categoryName: 'X' }).expect(401);
  });

  it('refuses a cycle in the tree and renames regenerate the slug', async () => {
    const p = (await request(t.http).post('/api/category/categories').set(bearer(admin)).send({ categoryName: 'Vehicles' })).body.data;
    const c = (
      await request(t.http).post('/api/category/categories').set(bearer(admin)).send({ categoryName: 'Cars', parentCategoryID: p.id })
    ).body.data;
    await request(t.http)
      .put(`/api/category/categories/${p.id}`)
      .set(bearer(admin))
      .send({ categoryName: 'Vehicles', parentCategoryID: c.id })
      .expect(409);
    const renamed = await request(t.http)
      .put(`/api/category/categories/${c.id}`)
      .set(bearer(admin))
      .send({ categoryName: 'Cars & Trucks' })
      .expect(200);
    expect(renamed.body.data.slug).toBe('cars-trucks');
    await request(t.http).delete(`/api/category/categories/${p.id}`).set(bearer(admin)).expect(200);
    const after = await request(t.http).get(`/api/category/categories/${c.id}`).expect(200);
    expect(after.body.data.parentCategoryID).toBeNull();
  });

  it('the back-office surface pages categories with Content-Range and reads name', async () => {
    const res = await request(t.http)
      .get('/api/admin/categories')
      .query({ range: '[0,1]', sort: '["name","ASC"]' })
      .set(bearer(admin))
      .expect(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0].name).toBe(res.body[0].categoryName);
    expect(res.headers['content-range']).toMatch(/^categories 0-1\/\d+$/);
    const created = await request(t.http).post('/api/admin/categories').set(bearer(admin)).send({ name: 'Agriculture & Food' }).expect(201);
    expect(created.body.slug).toBe('agriculture-food');
  });

  it('a category created without a position goes at the end of its siblings, not second', async () => {
    const create = (body: Record<string, unknown>) =>
      request(t.http).post('/api/admin/categories').set(bearer(admin)).send(body).expect(201);
    const first = (await create({ name: 'Zebra crafts', position: 0 })).body;
    await create({ name: 'Yoruba fabrics', position: 5 });
    const last = (await create({ name: 'Abacus and toys' })).body;
    const shown = (await request(t.http).get('/api/category/categories').expect(200)).body.data.categories as {
      id: number;
      categoryName: string;
      parentCategoryID: number | null;
    }[];
    const top = shown.filter((c) => c.parentCategoryID === null).map((c) => c.categoryName);
    expect(top.at(-1)).toBe('Abacus and toys');
    expect(last.position).toBeGreaterThan(5);
    // Among children too: the first child starts at 0, the next goes after it.
    const a = (await create({ name: 'Wood carvings', parentCategoryID: first.id })).body;
    const b = (await create({ name: 'Brass work', parentCategoryID: first.id })).body;
    expect([a.position, b.position]).toEqual([0, 1]);
    const children = (await request(t.http).get('/api/category/categories').expect(200)).body.data.categories.filter(
      (c: { parentCategoryID: number | null }) => c.parentCategoryID === first.id,
    );
    expect(children.map((c: { categoryName: string }) => c.categoryName)).toEqual(['Wood carvings', 'Brass work']);
  });

  it('commission notes: GET answers an array; note required; admin writes', async () => {
    expect((await request(t.http).get('/api/commission').expect(200)).body).toEqual([]);
    const c = await request(t.http).post('/api/commission').set(bearer(admin)).send({ note: 'Kasuwa keeps 5% of each sale.' }).expect(201);
    await request(t.http).post('/api/commission').set(bearer(admin)).send({ note: '' }).expect(422);
    const u = await registerUser(t);
    await request(t.http).post('/api/commission').set(bearer(u.token)).send({ note: 'x' }).expect(401);
    await request(t.http)
      .put(`/api/commission/${c.body.id}`)
      .set(bearer(admin))
      .send({ note: 'Kasuwa keeps 4% of each sale.' })
      .expect(200);
    const list = await request(t.http).get('/api/commission').expect(200);
    expect(list.body).toEqual([expect.objectContaining({ id: c.body.id, note: 'Kasuwa keeps 4% of each sale.' })]);
    const ra = await request(t.http).get('/api/admin/commissions').set(bearer(admin)).expect(200);
    expect(ra.headers['content-range']).toBe('commissions 0-0/1');
    await request(t.http).delete(`/api/commission/${c.body.id}`).set(bearer(admin)).expect(200);
    await request(t.http).delete(`/api/commission/${c.body.id}`).set(bearer(admin)).expect(404);
  });
});
