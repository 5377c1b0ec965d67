import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations';
import { bearer } from './utils/actors';
import { createProduct, placeOrder, postListing } from './utils/catalog-fixtures';
import { makeImage } from './utils/images';
import { initializePayment } from './utils/money-fixtures';
import { ledgerViolations } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile, freshDatabase } from './utils/test-app';

const root = resolve(__dirname, '../../..');
const KEY_TABLES = [
  'app_user',
  'product',
  'order',
  'order_item',
  'payment_transaction',
  'journal_entry',
  'ledger_account',
  'ledger_posting',
  'conversation',
  'message',
  'migrations',
];

/** Runs one of the scripts as an operator would (`npm run backup` is `node apps/api/scripts/backup.mjs`). */
function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((ok) => {
    execFile(
      process.execPath,
      [join(root, `apps/api/scripts/${script}.mjs`), ...args],
      { cwd: root, env: { ...process.env, ...env } },
      (err, stdout, stderr) => ok({ code: err ? Number(err.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

async function counts(db: DataSource): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of KEY_TABLES) out[t] = Number((await db.query(`SELECT count(*)::int AS n FROM "${t}"`))[0].n);
  return out;
}

/** `npm run backup` and `npm run restore`: a dump of a database with orders, money and chat comes back whole. */
describe('backup and restore', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
  } = appPerFile({ paystack, users: [{}, {}], env: { KASUWA_ROLE: 'web' } });
  const backupDir = mkdtempSync(join(tmpdir(), 'kasuwa-backups-'));
  const restored = { url: '', drop: async () => {} };
  let restoredDb: DataSource | undefined;
  afterAll(async () => {
    await restoredDb?.destroy();
    await restored.drop();
    rmSync(backupDir, { recursive: true, force: true });
  });

  async function paidOrder(priceKobo: number) {
    const p = await createProduct(t, seller.user.id, { priceKobo, quantity: 5 });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    const reference = await initializePayment(t, buyer.token, placed.checkoutSessionId);
    paystack.pay(reference);
    await paystack.sendWebhook(t.http, reference).expect(200);
    return { orderId: placed.orders[0].id as number, productId: p.id };
  }
  const move = (token: string, id: number, to: string) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(token)).send({ status: to });

  it('restores into an empty database with the same row counts, the ledger whole and every migration listed', async () => {
    // Orders: one paid and completed (escrow released less commission), one paid and held, one unpaid.
    const done = await paidOrder(1_000_000);
    for (const to of ['accepted_by_seller', 'shipped', 'delivered']) await move(seller.token, done.orderId, to).expect(200);
    await move(buyer.token, done.orderId, 'received_by_buyer').expect(200);
    const held = await paidOrder(250_000);
    await placeOrder(t, buyer.token, [{ productID: (await createProduct(t, seller.user.id)).id, quantity: 1 }]);
    // Chat about a listing, and a listing with a real photo (storage keys for the manifest).
    const chat = await request(t.http)
      .post('/api/conversations')
      .set(bearer(buyer))
      .send({ productId: held.productId, message: 'Is it still available?' })
      .expect(201);
    await request(t.http)
      .post(`/api/conversations/${chat.body.data.id}/messages`)
      .set(bearer(seller))
      .send({ text: 'Yes, come and see it.' })
      .expect(201);
    await postListing(t, seller.token, { productName: 'Tecno Camon 20', productPrice: '150000', productLocation: 'Ikeja, Lagos' }, [
      await makeImage(),
    ]).expect(201);
    expect(await ledgerViolations(t.db)).toEqual([]);
    const before = await counts(t.db);
    expect(before).toMatchObject({ order: 3, conversation: 1, message: 2 });
    expect(before.ledger_posting).toBeGreaterThan(0);

    const source = process.env.DATABASE_URL as string;
    const backup = await run('backup', [], { DATABASE_URL: source, BACKUP_DIR: backupDir, UPLOAD_DIR: t.uploadDir });
    expect(backup).toMatchObject({ code: 0 });
    const dump = readdirSync(backupDir).find((f) => f.endsWith('.dump')) as string;
    expect(dump).toMatch(/^kasuwa-\d{8}T\d{6}Z\.dump$/);
    const manifest = JSON.parse(readFileSync(join(backupDir, dump.replace(/\.dump$/, '.manifest.json')), 'utf8'));
    expect(manifest).toMatchObject({ file: dump, consistentSnapshot: true, rowCounts: before, migrations: migrations.map((m) => m.name) });
    expect(manifest.uploads.keys.length).toBeGreaterThan(0);
    expect(manifest.uploads.missingLocally).toEqual([]);

    Object.assign(restored, await freshDatabase('kasuwa_restore'));
    const res = await run('restore', [join(backupDir, dump)], { DATABASE_URL: restored.url });
    expect(res.out).toContain('Row counts match the manifest');
    expect(res.out).toContain(`Migrations: all ${migrations.length} applied.`);
    expect(res.code).toBe(0);

    restoredDb = await new DataSource({ type: 'postgres', url: restored.url }).initialize();
    expect(await counts(restoredDb)).toEqual(before);
    expect(await ledgerViolations(restoredDb)).toEqual([]);
    // The money itself, not only the row counts: every account's balance is the source's.
    const balances = 'SELECT code, balance_kobo::text AS b FROM ledger_account ORDER BY code';
    expect(await restoredDb.query(balances)).toEqual(await t.db.query(balances));
  });

  it('refuses a database that is not empty, and names the migrations a restored database lacks', async () => {
    const dump = join(backupDir, readdirSync(backupDir).find((f) => f.endsWith('.dump')) as string);
    const again = await run('restore', [dump], { DATABASE_URL: restored.url });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/Refusing to restore: .* is not empty/);

    const last = migrations[migrations.length - 1].name;
    await restoredDb?.query(`DELETE FROM migrations WHERE name = $1`, [last]);
    const check = await run('restore', ['--check'], { DATABASE_URL: restored.url });
    expect(check.code).toBe(3);
    expect(check.out).toContain(`Migrations pending (1): ${last}`);
  });
});
