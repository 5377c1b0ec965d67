import request from 'supertest';
import { RefundsService } from '../src/modules/money/refunds.service';
import { bearer } from './utils/actors';
import { adminSetsStatus, moneyAppPerFile, paidOrder } from './utils/money-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';

/**
 * Rule "refunds for every channel": Paystack cannot send a bank-transfer or USSD payment back by itself and answers the
 * refund `needs-attention` (on create, in its list, or by the `refund.needs-attention` webhook). The refund waits in
 * `needs_attention` (money still in transit), the buyer is asked (bell, e-mail, GET /api/orders/{id}/refunds) for a bank
 * account, resolved like a payout account, and the refund is retried with it once through the sending claim.
 */
describe('refunds for every channel: needs-attention and the buyer’s bank account', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer, stranger],
    admin,
  } = moneyAppPerFile(paystack, {
    users: [{}, {}, {}],
    admin: true,
    // A web role runs no background job: the test plays the sweep. Lookups are limited elsewhere (money-account-lookup).
    env: {
      PAYSTACK_TIMEOUT_MS: '300',
      MONEY_SEND_GRACE_MS: '0',
      ACCOUNT_LOOKUP_LIMIT_PER_USER: '100',
      ACCOUNT_LOOKUP_LIMIT_PER_CLIENT: '100',
    },
  });
  const ACCOUNT = '0123456789';

  beforeAll(() => {
    paystack.accounts.set(`058:${ACCOUNT}`, 'ADAEZE OKAFOR');
    paystack.refundNeedsAttention = ['bank_transfer', 'ussd'];
  });
  afterEach(() => {
    paystack.dropNextRefundAnswer = false;
    paystack.failNext = null;
  });

  /** A paid order (by `channel`) the admin rejects for the seller: its refund is sent at once. */
  async function refundedOrder(channel: string, priceKobo = 3_610_000) {
    const { orderId, reference } = await paidOrder(t, paystack, seller, buyer, { priceKobo, channel });
    await adminSetsStatus(t, admin, orderId, 'rejected_by_seller', 'Seller cannot deliver').expect(200);
    const [refund] = await t.db.query(`SELECT * FROM refund WHERE order_id = $1`, [orderId]);
    return { orderId, reference, refund };
  }
  const refundsOf = (orderId: number, token = buyer.token) => request(t.http).get(`/api/orders/${orderId}/refunds`).set(bearer(token));
  const giveAccount = (orderId: number, body: object, token = buyer.token) =>
    request(t.http).post(`/api/orders/${orderId}/refund-account`).set(bearer(token)).send(body);
  const retries = (paystackId: number | string) =>
    paystack.requests.filter((r) => r.method === 'POST' && r.path === `/refund/retry_with_customer_details/${paystackId}`);
  /** Time passes beyond MONEY_SEND_GRACE_MS (at least the Paystack timeout + 1 s) for every call still without an answer. */
  const later = () => t.db.query(`UPDATE refund SET sent_at = now() - interval '1 hour' WHERE status = 'sending'`);
  const row = async (id: number) => (await t.db.query(`SELECT * FROM refund WHERE id = $1`, [id]))[0];
  const asked = async (orderId: number) =>
    (await request(t.http).get('/api/notifications').set(bearer(buyer.token)).expect(200)).body.data.filter(
      (n: { title: string; link: string }) => n.link === `/orders/${orderId}/buyer` && /needs your bank account/.test(n.title),
    );

  it('a bank-transfer payment: Paystack answers needs-attention on create; the buyer is asked, gives an account, and the refund is retried once', async () => {
    const { orderId, refund } = await refundedOrder('bank_transfer');
    expect(refund).toMatchObject({ status: 'needs_attention', amount_kobo: '3610000', paystack_id: expect.any(String) });
    // Money stays in transit (the invariants check it after the test); the buyer is told once, by bell and e-mail.
    expect(await asked(orderId)).toEqual([
      expect.objectContaining({ title: 'Your refund of ₦36,100.00 needs your bank account', type: 'money' }),
    ]);
    const [mail] = await t.db.query(
      `SELECT body FROM mail_outbox WHERE recipient = $1 AND subject = 'Your refund of ₦36,100.00 needs your bank account'`,
      [buyer.email],
    );
    expect(mail.body).toContain(`/orders/${orderId}/buyer`);
    expect((await refundsOf(orderId).expect(200)).body.data).toEqual([
      expect.objectContaining({ id: refund.id, status: 'needs_attention', needsAccount: true, amount: '3610000', account: null }),
    ]);
    // The order itself says what the refund waits for, not "Refund due".
    expect((await request(t.http).get(`/api/orders/in/${orderId}`).set(bearer(buyer.token)).expect(200)).body.data).toMatchObject({
      paymentStatus: 'refund_due',
      refundState: 'needs_account',
    });
    const listed = await request(t.http)
      .get('/api/admin/refunds')
      .query({ filter: JSON.stringify({ status: 'needs_attention' }) })
      .set(bearer(admin.token))
      .expect(200);
    expect(listed.body.map((r: { id: number }) => r.id)).toContain(refund.id);

    // Nobody but the order's buyer; bad input is refused before any bank call.
    await giveAccount(orderId, { bankCode: '058', accountNumber: ACCOUNT }, stranger.token).expect(404);
    await giveAccount(orderId, { bankCode: '058', accountNumber: ACCOUNT }, seller.token).expect(404);
    await request(t.http).post(`/api/orders/${orderId}/refund-account`).send({ bankCode: '058', accountNumber: ACCOUNT }).expect(401);
    await refundsOf(orderId, stranger.token).expect(404);
    expect((await giveAccount(orderId, { bankCode: '058', accountNumber: '12345' }).expect(422)).body.error[0].field).toBe('accountNumber');
    expect((await giveAccount(orderId, { bankCode: '999', accountNumber: ACCOUNT }).expect(422)).body.error[0].field).toBe('bankCode');
    expect((await giveAccount(orderId, { bankCode: '058', accountNumber: '9999999999' }).expect(422)).body.error[0].field).toBe(
      'accountNumber',
    );
    expect(retries(refund.paystack_id)).toHaveLength(0);

    // Two submissions at once: one retry reaches Paystack, the other is told nothing waits any more.
    const answers = await Promise.all([
      giveAccount(orderId, { bankCode: '058', accountNumber: ACCOUNT }),
      giveAccount(orderId, { bankCode: '058', accountNumber: ACCOUNT }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('REFUND_NEEDS_NO_ACCOUNT');
    expect(answers.find((a) => a.status === 201)!.body.data).toMatchObject({
      status: 'pending',
      needsAccount: false,
      account: { bankName: 'Guaranty Trust Bank', accountNumber: '******6789', accountName: 'ADAEZE OKAFOR' },
    });
    const sent = retries(refund.paystack_id);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ refund_account_details: { currency: 'NGN', account_number: ACCOUNT, bank_id: '2' } });
    expect(await row(refund.id)).toMatchObject({
      status: 'pending',
      attempts: 2,
      customer_account: expect.objectContaining({ accountNumber: ACCOUNT, accountName: 'ADAEZE OKAFOR' }),
    });
    await giveAccount(orderId, { bankCode: '058', accountNumber: ACCOUNT }).expect(409);

    // Paystack pays it out: settled once, the buyer told.
    await paystack.refundSettled(t.http, Number(refund.paystack_id), 'processed');
    expect(await row(refund.id)).toMatchObject({ status: 'processed' });
    expect(retries(refund.paystack_id)).toHaveLength(1);
  });

  it('a card refund Paystack later puts in needs-attention by webhook (twice): asked once; a refused account asks again', async () => {
    const { orderId, refund } = await refundedOrder('card', 250_000);
    expect(refund.status).toBe('pending');
    await giveAccount(orderId, { bankCode: '058', accountNumber: ACCOUNT }).expect(409);
    paystack.settleRefund(Number(refund.paystack_id), 'needs-attention');
    for (let i = 0; i < 2; i++)
      await paystack.sendEvent(t.http, 'refund.needs-attention', paystack.refundData(Number(refund.paystack_id))).expect(200);
    expect(await row(refund.id)).toMatchObject({ status: 'needs_attention' });
    expect(await asked(orderId)).toHaveLength(1);

    // The bank refuses the account at Paystack: the refund waits again (money not sent back to escrow), with why.
    paystack.failNext = { status: 400, body: { status: false, message: 'Account details could not be verified' } };
    await giveAccount(orderId, { bankCode: '058', accountNumber: ACCOUNT }).expect(201);
    expect(await row(refund.id)).toMatchObject({
      status: 'needs_attention',
      message: expect.stringContaining('Account details could not be verified'),
    });
    const [shown] = (await refundsOf(orderId).expect(200)).body.data;
    expect(shown).toMatchObject({ needsAccount: true, message: expect.stringContaining('could not be verified') });
    expect(await asked(orderId)).toHaveLength(2);
    await giveAccount(orderId, { bankCode: '058', accountNumber: ACCOUNT }).expect(201);
    expect(await row(refund.id)).toMatchObject({ status: 'pending' });
  });

  it('the retry is crash-safe: the account and the claim are stored before the call; a lost answer is looked up, never sent blind', async () => {
    const { orderId, refund } = await refundedOrder('ussd', 180_000);
    expect(refund.status).toBe('needs_attention');
    let before: Record<string, unknown> | undefined;
    paystack.beforeAnswer = async (kind) => {
      if (kind === 'refund') before = await row(refund.id);
    };
    paystack.dropNextRefundAnswer = true;
    await giveAccount(orderId, { bankCode: '058', accountNumber: ACCOUNT }).expect(201);
    paystack.beforeAnswer = null;
    // While Paystack held the call, the row already said `sending` with the account (a crash here loses nothing).
    expect(before).toMatchObject({
      status: 'sending',
      customer_account: expect.objectContaining({ accountNumber: ACCOUNT }),
      sent_at: expect.any(Date),
    });
    expect(await row(refund.id)).toMatchObject({ status: 'sending' });
    await t.app.get(RefundsService).resendQueued(); // within the grace: left alone
    expect(await row(refund.id)).toMatchObject({ status: 'sending' });
    await later();
    await t.app.get(RefundsService).resendQueued();
    await t.app.get(RefundsService).resendQueued();
    // Paystack has the account (processing): adopted, never retried again.
    expect(await row(refund.id)).toMatchObject({ status: 'pending' });
    expect(retries(refund.paystack_id)).toHaveLength(1);

    // An answer lost before Paystack took the account (a 5xx): the lookup still sees needs-attention, so it is sent once more.
    const second = await refundedOrder('ussd', 170_000);
    paystack.failNext = { status: 502, body: { status: false, message: 'Bad gateway' } };
    await giveAccount(second.orderId, { bankCode: '058', accountNumber: ACCOUNT }).expect(201);
    expect(await row(second.refund.id)).toMatchObject({ status: 'sending' });
    await later();
    await Promise.all([t.app.get(RefundsService).resendQueued(), t.app.get(RefundsService).resendQueued()]);
    expect(await row(second.refund.id)).toMatchObject({ status: 'pending' });
    expect(retries(second.refund.paystack_id)).toHaveLength(2);
    expect(paystack.refunds.get(Number(second.refund.paystack_id))).toMatchObject({
      status: 'processing',
      account: { account_number: ACCOUNT },
    });
  });

  it('a pending refund whose webhook never came is looked up in Paystack’s list: needs-attention is found there too', async () => {
    const { orderId, refund } = await refundedOrder('card', 120_000);
    paystack.settleRefund(Number(refund.paystack_id), 'needs-attention');
    await t.app.get(RefundsService).resendQueued();
    expect(await row(refund.id)).toMatchObject({ status: 'pending' }); // looked at only after a quiet while
    await t.db.query(`UPDATE refund SET updated_at = now() - interval '1 hour' WHERE id = $1`, [refund.id]);
    await t.app.get(RefundsService).resendQueued();
    expect(await row(refund.id)).toMatchObject({ status: 'needs_attention' });
    expect(await asked(orderId)).toHaveLength(1);
  });
});
