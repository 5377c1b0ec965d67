import request from 'supertest';
import { EscrowService } from '../src/modules/money/escrow.service';
import { availableOf, CLEARING, LedgerService } from '../src/modules/money/ledger.service';
import { PayoutsService } from '../src/modules/money/payouts.service';
import { bearer, registerUser, type TestUser } from './utils/actors';
import { adminSetsStatus, paidOrder, savePayoutAccount } from './utils/money-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

/**
 * Rule "an account with money is not deleted": while Kasuwa holds money for the seller, they can withdraw some, a payout
 * to them is on its way, or a refund to them is, "Delete Account" answers 409 ACCOUNT_HAS_MONEY saying what to do.
 * Once nothing is left, deleting removes the payout account (NUBAN, holder name, recipient code) and with it the
 * automatic daily payout.
 */
describe('deleting an account that has money', () => {
  const paystack = new PaystackStandIn();
  const { t, admin } = appPerFile({ paystack, admin: true, env: { KASUWA_ROLE: 'web' }, afterEach: (t) => expectMoneyInvariants(t.db) });

  const del = (u: TestUser) => request(t.http).delete('/api/profile/me').set(bearer(u.token)).send({ confirm: 'DELETE ACCOUNT' });
  const refused = async (u: TestUser, says: RegExp) => {
    const res = await del(u).expect(409);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_HAS_MONEY', message: expect.stringMatching(says) });
    expect((await t.db.query(`SELECT status FROM app_user WHERE id = $1`, [u.user.id]))[0].status).not.toBe('deleted');
    return res.body.message as string;
  };
  async function sellerWithAccount(): Promise<TestUser> {
    const seller = await registerUser(t);
    await savePayoutAccount(t, paystack, seller, 'MUSA DANJUMA', { numberBase: 3_000_000_000 });
    await request(t.http).put('/api/profile/payout-account/auto-payout').set(bearer(seller.token)).send({ enabled: true }).expect(200);
    return seller;
  }

  it('money held for an open order: refused until it is released; available money: refused until withdrawn; an open payout: refused until paid', async () => {
    const seller = await sellerWithAccount();
    const buyer = await registerUser(t);
    const { orderId } = await paidOrder(t, paystack, seller, buyer, { priceKobo: 200_000 });
    expect(await refused(seller, /wait until the ₦2,000\.00 held for your open orders is released or refunded/)).toMatch(
      /^Your account still has money with Kasuwa\. Before deleting it, /,
    );

    await t.db.transaction((em) => t.app.get(EscrowService).release(em, orderId, 'Buyer confirmed receipt'));
    const available = (await request(t.http).get('/api/wallet').set(bearer(seller.token)).expect(200)).body.data.available as string;
    expect(Number(available)).toBeGreaterThan(0);
    await refused(seller, /withdraw the ₦1,900\.00 available in Earnings/);

    const payout = await t.app.get(PayoutsService).withdraw(seller.user.id, Number(available));
    await refused(seller, /wait for your payout of ₦1,900\.00 to reach your bank/);

    await paystack.transferSettled(t.http, payout.reference, 'success');
    await del(seller).expect(200);
    // The bank details are gone (no NUBAN, holder name or recipient code kept), and so is the daily payout.
    expect(await t.db.query(`SELECT * FROM payout_account WHERE user_id = $1`, [seller.user.id])).toEqual([]);
    const payouts = await t.db.query(`SELECT recipient_code, status FROM payout WHERE user_id = $1`, [seller.user.id]);
    expect(payouts).toEqual([{ recipient_code: '[removed]', status: 'success' }]);
    const dump = JSON.stringify(await t.db.query(`SELECT * FROM payout WHERE user_id = $1`, [seller.user.id]));
    expect(dump).not.toMatch(/MUSA|RCP_/);
  });

  it('automatic payouts stop for a deleted seller: money credited later (an admin correction) is never paid to the old account', async () => {
    const seller = await sellerWithAccount();
    await del(seller).expect(200);
    // Even if money reached the deleted seller's balance, no payout account is left to pay it to.
    await t.db.transaction((em) =>
      t.app.get(LedgerService).post(em, { kind: 'adjustment', ref: `test:${seller.user.id}`, memo: 'Late correction' }, [
        [availableOf(seller.user.id), 500_000],
        [CLEARING, -500_000],
      ]),
    );
    await t.app.get(PayoutsService).payDaily();
    expect(await t.db.query(`SELECT id FROM payout WHERE user_id = $1`, [seller.user.id])).toEqual([]);
  });

  it('a buyer whose refund is still on its way (or waits for their bank account) is refused until it arrives', async () => {
    paystack.refundNeedsAttention = ['bank_transfer'];
    const seller = await sellerWithAccount();
    const buyer = await registerUser(t);
    const { orderId } = await paidOrder(t, paystack, seller, buyer, { priceKobo: 150_000, channel: 'bank_transfer' });
    await adminSetsStatus(t, admin, orderId, 'rejected_by_seller', 'Out of stock').expect(200);
    const [refund] = await t.db.query(`SELECT id, status, paystack_id FROM refund WHERE order_id = $1`, [orderId]);
    expect(refund.status).toBe('needs_attention');
    await refused(buyer, /wait for your refund of ₦1,500\.00 to arrive \(give your bank account on the order page if we ask for it\)/);
    paystack.refundNeedsAttention = [];

    await paystack.refundSettled(t.http, Number(refund.paystack_id), 'failed');
    // A failed refund is held again for an admin to retry: it is not the buyer's to wait for, and the seller has none of it.
    await del(buyer).expect(200);
  });
});
