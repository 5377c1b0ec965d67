import request from 'supertest';
import { EscrowService } from '../src/modules/money/escrow.service';
import { bearer } from './utils/actors';
import { adminSetsStatus, moneyAppPerFile, paidOrder, savePayoutAccount } from './utils/money-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';

/**
 * The seller's money history (GET /api/wallet/entries) reads like a bank statement: one line per movement — sale,
 * commission, release, withdrawal, refund — each a signed amount of the balance it changed, and money errors speak naira.
 */
describe('the seller’s money history', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
    admin,
  } = moneyAppPerFile(paystack, { users: [{}, {}], admin: true });
  const entries = async () => (await request(t.http).get('/api/wallet/entries').set(bearer(seller.token)).expect(200)).body;
  const withdraw = (amount: unknown) => request(t.http).post('/api/wallet/withdraw').set(bearer(seller.token)).send({ amount });

  it('a sale, its release with the commission, a withdrawal and a refund: one signed line each, newest first', async () => {
    await savePayoutAccount(t, paystack, seller, 'EMEKA EZE', { numberBase: 4_000_000_000 });

    const sold = await paidOrder(t, paystack, seller, buyer, { priceKobo: 3_800_000 });
    await t.db.transaction((em) => t.app.get(EscrowService).release(em, sold.orderId, 'Buyer confirmed receipt'));
    const available = (await request(t.http).get('/api/wallet').set(bearer(seller.token)).expect(200)).body.data.available;
    expect(available).toBe('3610000');
    const payout = (await withdraw(available).expect(201)).body.data;
    await paystack.transferSettled(t.http, payout.reference, 'success');
    const rejected = await paidOrder(t, paystack, seller, buyer, { priceKobo: 500_000 });
    await adminSetsStatus(t, admin, rejected.orderId, 'rejected_by_seller', 'Out of stock').expect(200);

    const { data, meta } = await entries();
    const lines = data.map((e: { kind: string; amount: string; account: string; orderId: number | null; label: string }) => [
      e.kind,
      e.amount,
      e.account,
      e.orderId,
    ]);
    expect(lines).toEqual([
      ['refund', '-500000', 'held', rejected.orderId],
      ['sale', '500000', 'held', rejected.orderId],
      ['withdrawal', '-3610000', 'available', null],
      ['release', '3610000', 'available', sold.orderId],
      ['commission', '-190000', 'held', sold.orderId],
      ['sale', '3800000', 'held', sold.orderId],
    ]);
    expect(data.find((e: { kind: string }) => e.kind === 'commission').label).toBe('Kasuwa commission');
    expect(new Set(data.map((e: { id: string }) => e.id)).size).toBe(data.length);
    // Paged by movement: 5 ledger entries (the transfer reaching the bank is not a second movement).
    expect(meta.total).toBe(5);
  });

  it('money errors say naira, never kobo', async () => {
    const tooSmall = (await withdraw('50000').expect(422)).body;
    expect(tooSmall.error[0]).toMatchObject({ field: 'amount', message: 'The minimum withdrawal is ₦1,000.00.' });
    const garbage = (await withdraw('12.5').expect(422)).body;
    expect(garbage.error[0].message).toBe('Enter the amount in naira, e.g. ₦1,000.00.');
    const tooMuch = (await withdraw('100000000').expect(409)).body;
    expect(tooMuch.message).toMatch(/^You can withdraw at most ₦[\d,]+\.\d\d\.$/);
    for (const m of [tooSmall.message, tooSmall.error[0].message, garbage.error[0].message, tooMuch.message])
      expect(m).not.toMatch(/kobo|₦\d{4,}/);
  });
});
