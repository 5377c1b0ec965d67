import request from 'supertest';
import { EscrowService } from '../src/modules/money/escrow.service';
import { bearer } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { parseCsv, TRANSACTIONS_CSV_HEADER } from './utils/csv';
import { adminSetsStatus, initializePayment, moneyAppPerFile, paidOrder, savePayoutAccount } from './utils/money-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';

/**
 * Support staff's transactions export: a date range (this month, last month, custom Lagos days) in the list and the
 * CSV, Lagos dates a spreadsheet reads as dates, a status column marking failed and abandoned payments (or a filter
 * leaving them out), refunds and payouts negative, plain naira numbers, a BOM, and a TOTAL line equal to the ledger's
 * net for the range.
 */
describe('transactions export for support staff', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
    admin,
  } = moneyAppPerFile(paystack, { users: [{}, { firstName: 'Amina', lastName: 'Bello' }], admin: true });
  const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  const csv = async (query: Record<string, string>) => {
    const res = await request(t.http).get('/api/inner/admin/transactions/export.csv').query(query).set(bearer(admin.token)).expect(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    return parseCsv(res.text.slice(1));
  };
  /** The ledger's net for a range: what came into Paystack clearing less what went out of it, in naira. */
  const ledgerNet = async (from: Date, to: Date) =>
    (
      await t.db.query(
        `SELECT to_char(coalesce(-sum(p.amount_kobo), 0) / 100.0, 'FM999999999990.00') AS net FROM ledger_posting p
           JOIN ledger_account a ON a.id = p.account_id JOIN journal_entry e ON e.id = p.entry_id
          WHERE a.code = 'paystack_clearing' AND e.created_at >= $1 AND e.created_at < $2`,
        [from.toISOString(), to.toISOString()],
      )
    )[0].net as string;
  let refs: { sale: string; refunded: string; failed: string; abandoned: string; payout: string };

  beforeAll(async () => {
    // A sale released and withdrawn, a sale refunded, a failed and an abandoned payment.
    await savePayoutAccount(t, paystack, seller, 'YETUNDE BALOGUN', { numberBase: 5_000_000_000 });
    const sale = await paidOrder(t, paystack, seller, buyer, { priceKobo: 3_800_000 });
    await t.db.transaction((em) => t.app.get(EscrowService).release(em, sale.orderId, 'Buyer confirmed receipt'));
    const payout = (await request(t.http).post('/api/wallet/withdraw').set(bearer(seller.token)).send({ amount: '3610000' }).expect(201))
      .body.data;
    await paystack.transferSettled(t.http, payout.reference, 'success');
    const refunded = await paidOrder(t, paystack, seller, buyer, { priceKobo: 250_000 });
    await adminSetsStatus(t, admin, refunded.orderId, 'rejected_by_seller', 'Out of stock').expect(200);
    const [refund] = await t.db.query(`SELECT paystack_id FROM refund WHERE order_id = $1`, [refunded.orderId]);
    await paystack.refundSettled(t.http, Number(refund.paystack_id), 'processed');
    const attempt = async (fail: boolean) => {
      const p = await createProduct(t, seller.user.id, { priceKobo: 120_000 });
      const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
      const reference = await initializePayment(t, buyer.token, placed.checkoutSessionId);
      if (fail) paystack.fail(reference);
      const [row] = await t.db.query(`SELECT id FROM payment_transaction WHERE reference = $1`, [reference]);
      await request(t.http).post(`/api/inner/admin/transactions/${row.id}/reverify`).set(bearer(admin.token)).expect(200);
      return reference;
    };
    refs = {
      sale: sale.reference,
      refunded: refunded.reference,
      failed: await attempt(true),
      abandoned: await attempt(false),
      payout: payout.reference,
    };
  });

  it('this month: Lagos dates, signed plain numbers, statuses, and a TOTAL equal to the ledger’s net', async () => {
    const rows = await csv({ period: 'this_month' });
    expect(rows[0]).toEqual(TRANSACTIONS_CSV_HEADER);
    const body = rows.slice(1, -1);
    const by = (type: string, reference: string) => body.find((r) => r[1] === type && r[2] === reference)!;
    expect(by('payment', refs.sale).slice(7, 11)).toEqual(['38000.00', 'NGN', 'successful', 'paid']);
    expect(by('payout', refs.payout).slice(7, 10)).toEqual(['-36100.00', 'NGN', 'successful']);
    expect(by('refund', refs.refunded).slice(7, 10)).toEqual(['-2500.00', 'NGN', 'successful']);
    expect(by('payment', refs.failed)[9]).toBe('failed');
    expect(by('payment', refs.abandoned)[9]).toBe('abandoned');
    for (const r of body) {
      expect(r[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(r[7]).toMatch(/^-?\d+\.\d{2}$/);
    }
    // The stamp is Lagos wall-clock time of when the money moved (UTC+1).
    const [paidAt] = await t.db.query(
      `SELECT to_char(paid_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM-DD HH24:MI:SS') AS s FROM payment_transaction WHERE reference = $1`,
      [refs.sale],
    );
    expect(by('payment', refs.sale)[3]).toBe(paidAt.s);

    const total = rows[rows.length - 1];
    expect(total.slice(0, 1)).toEqual(['TOTAL']);
    const today = lagosToday();
    const monthStart = new Date(`${today.slice(0, 8)}01T00:00:00+01:00`);
    const nextMonth = new Date(monthStart);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    expect(total[7]).toBe(await ledgerNet(monthStart, nextMonth));
    // 38,000 + 2,500 in, 2,500 refunded, 36,100 paid out: Kasuwa keeps the 1,900 commission.
    expect(total[7]).toBe('1900.00');
  });

  it('failed and abandoned payments can be left out; the totals do not change', async () => {
    const all = await csv({ period: 'this_month' });
    const rows = await csv({ period: 'this_month', hideFailed: 'true' });
    expect(rows.length).toBe(all.length - 2);
    expect(rows.slice(1, -1).some((r) => ['failed', 'abandoned'].includes(r[9]))).toBe(false);
    expect(rows[rows.length - 1][7]).toBe(all[all.length - 1][7]);
    const list = await request(t.http)
      .get('/api/admin/transactions')
      .query({ filter: JSON.stringify({ period: 'this_month', hideFailed: true }), range: JSON.stringify([0, 49]) })
      .set(bearer(admin.token))
      .expect(200);
    expect(list.body).toHaveLength(rows.length - 2);
  });

  it('last month and custom ranges, in the list and the export; bad dates are 422 on their field', async () => {
    const lastMonth = await csv({ period: 'last_month' });
    expect(lastMonth).toHaveLength(2);
    expect(lastMonth[1].slice(0, 1).concat(lastMonth[1][7])).toEqual(['TOTAL', '0.00']);
    const today = lagosToday();
    const custom = await csv({ period: 'custom', from: today, to: today });
    expect(custom).toEqual(await csv({ period: 'this_month' }));
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await csv({ from: tomorrow })).toHaveLength(2);
    const inner = await request(t.http)
      .get('/api/inner/admin/transactions')
      .query({ period: 'last_month' })
      .set(bearer(admin.token))
      .expect(200);
    expect(inner.body.data.total).toBe(0);
    const bad = await request(t.http)
      .get('/api/inner/admin/transactions/export.csv')
      .query({ from: '2026-02-30' })
      .set(bearer(admin.token))
      .expect(422);
    expect(bad.body.error[0].field).toBe('from');
    const backwards = await request(t.http)
      .get('/api/inner/admin/transactions')
      .query({ from: today, to: '2020-01-01' })
      .set(bearer(admin.token))
      .expect(422);
    expect(backwards.body.error[0]).toMatchObject({ field: 'to', message: 'The end date is before the start date.' });
    await request(t.http).get('/api/inner/admin/transactions').query({ period: 'yesterday' }).set(bearer(admin.token)).expect(422);
  });
});
