import request from 'supertest';
import type { CreateOrderResponse } from '@kasuwa/contracts';
import { bearer } from './actors';
import { appPerFile, late, type TestApp } from './test-app';

/** Fixtures for the buying tests: listings written straight to the catalogue tables, carts and placed orders. */

let n = 0;

export interface ProductFixture {
  id: number;
  name: string;
}

/** Inserts a listing with SQL (the products API is not what these tests are about). Quantity 0 ⇒ sold_out. */
export async function createProduct(
  t: TestApp,
  sellerId: number,
  over: Partial<{ priceKobo: number; quantity: number; status: string; name: string; description: string; location: string }> = {},
): Promise<ProductFixture> {
  n += 1;
  const quantity = over.quantity ?? 5;
  const name = over.name ?? `Test item ${n}`;
  const [row] = await t.db.query(
    `INSERT INTO product (user_id, product_name, product_description, price_kobo, location, quantity, status, images)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      sellerId,
      name,
      over.description ?? `Description of ${name}`,
      over.priceKobo ?? 1_500_000,
      over.location ?? 'Lagos',
      quantity,
      over.status ?? (quantity > 0 ? 'active' : 'sold_out'),
      JSON.stringify([
        { imageUrl: `/uploads/p${n}.webp`, thumbnailUrl: `/uploads/p${n}-t.webp`, originalUrl: `/uploads/p${n}.jpg`, keys: [] },
      ]),
    ],
  );
  return { id: row.id, name };
}

/**
 * The world of the order and review tests, one app per file: seller Sola with `quantity` packs of "Plantain chips" at
 * ₦2,500 (`stock`), buyer Bisi, a stranger to both, and the admin.
 */
export function plantainMarketPerFile(quantity: number) {
  const stock = late<ProductFixture>('The listing');
  const {
    t,
    users: [seller, buyer, stranger],
    admin,
  } = appPerFile({
    users: [{ firstName: 'Sola', lastName: 'Seller' }, { firstName: 'Bisi', lastName: 'Buyer' }, {}],
    admin: true,
    ready: async (t) => stock.set(await createProduct(t, seller.user.id, { quantity, priceKobo: 250_000, name: 'Plantain chips' })),
  });
  return { t, seller, buyer, stranger, admin, stock: stock.handle };
}

export async function productState(t: TestApp, id: number): Promise<{ quantity: number; status: string }> {
  const [row] = await t.db.query(`SELECT quantity, status FROM product WHERE id = $1`, [id]);
  return row;
}

export const SHIPPING = {
  shippingAddress: '12 Admiralty Way, Lekki Phase 1',
  receiverPhoneNumber: '0803 123 4567',
  deliveryRegion: 'Lagos, Lekki',
};

export function addToCart(t: TestApp, token: string, products: { productID: number; quantity: number }[], mode?: 'add' | 'set') {
  return request(t.http)
    .post('/api/products/cart')
    .set(bearer(token))
    .send({ products, ...(mode ? { mode } : {}) });
}

/** Fills the buyer's cart with these lines and checks out; returns POST /orders's data. */
export async function placeOrder(
  t: TestApp,
  token: string,
  lines: { productID: number; quantity: number }[],
): Promise<CreateOrderResponse['data']> {
  await addToCart(t, token, lines).expect(200);
  const res = await request(t.http).post('/api/orders').set(bearer(token)).send(SHIPPING).expect(201);
  return res.body.data;
}

/** POST /api/products as the sell form sends it (multipart): its fields, the commission agreed, then the photos. */
export function postListing(t: TestApp, token: string, fields: Record<string, string>, photos: Buffer[] = []) {
  const req = request(t.http)
    .post('/api/products')
    .set(bearer(token))
    .field({ ...fields, platformCommissionAgreement: 'agreed' });
  photos.forEach((photo, i) => void req.attach('productImages', photo, `photo-${i + 1}.jpg`));
  return req;
}

/** A listing form's fields on a multipart request, each as its text (an object or an array as JSON). */
export function withFields(req: request.Test, fields: Record<string, unknown>): request.Test {
  for (const [k, v] of Object.entries(fields)) req.field(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  return req;
}

/** GET /api/products with the query `q` (200): the answer's body. */
export const searchProducts = (t: TestApp, q: Record<string, string | number>) =>
  request(t.http)
    .get('/api/products')
    .query(q)
    .expect(200)
    .then((r) => r.body);
