import request from 'supertest';
import { bearer } from './utils/actors';
import { paidOrder } from './utils/money-fixtures';
import { moneyViolations } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

/** HANDOVER_RACE_ROUNDS (default 50) lowers the rounds for a quick run. */
const ROUNDS = Number(process.env.HANDOVER_RACE_ROUNDS ?? 50);

/**
 * The three ways an order's escrow can be settled by people at the same moment: the seller's handover code, the
 * buyer's "I received it", and the buyer opening a dispute. Whatever wins, the money moves at most once: released
 * exactly when the order completed and no dispute opened, and the ledger's invariants hold after every round.
 */
describe('handover code vs "I received it" vs a dispute, at once', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
  } = appPerFile({ paystack, users: [{}, {}], env: { KASUWA_ROLE: 'web' } });

  it(`${ROUNDS} rounds: each order is released once or held by its dispute, never both`, async () => {
    const outcomes = { handover: 0, button: 0, disputed: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const { orderId } = await paidOrder(t, paystack, seller, buyer, { priceKobo: 500_000 + round });
      for (const to of ['accepted_by_seller', 'shipped']) {
        await request(t.http).patch(`/api/orders/${orderId}/update/status`).set(bearer(seller.token)).send({ status: to }).expect(200);
      }
      const code = (await request(t.http).get(`/api/orders/${orderId}/handover`).set(bearer(buyer.token)).expect(200)).body.data
        .code as string;
      const calls = [
        () => request(t.http).post(`/api/orders/${orderId}/handover`).set(bearer(seller.token)).send({ code }),
        () => request(t.http).post(`/api/orders/${orderId}/received`).set(bearer(buyer.token)),
        () =>
          request(t.http)
            .post(`/api/orders/${orderId}/dispute`)
            .set(bearer(buyer.token))
            .send({ reason: 'damaged', text: `Round ${round}: it arrived broken.` }),
      ];
      // A different start order each round, so each call gets to be first.
      const order = [0, 1, 2].map((i) => (i + round) % 3);
      const answers = await Promise.all(order.map((i) => calls[i]()));
      const [handover, button, dispute] = [0, 1, 2].map((i) => answers[order.indexOf(i)]);
      for (const a of answers) expect([a.status, a.body.code]).not.toEqual([500, expect.anything()]);

      const [o] = await t.db.query(
        `SELECT o.status, o.released_at IS NOT NULL AS released,
                (SELECT count(*)::int FROM journal_entry e WHERE e.kind = 'release' AND e.order_id = o.id) AS releases,
                EXISTS (SELECT 1 FROM dispute d WHERE d.order_id = o.id) AS disputed
           FROM "order" o WHERE o.id = $1`,
        [orderId],
      );
      const context = { round, status: o.status, answers: answers.map((a) => `${a.status} ${a.body.code ?? ''}`) };
      if (o.disputed) {
        expect({ ...context, dispute: dispute.status, releases: o.releases, status: o.status }).toEqual({
          ...context,
          dispute: 201,
          releases: 0,
          status: 'shipped',
        });
        expect([handover.body.code, button.body.code]).toEqual(['DISPUTE_OPEN', 'DISPUTE_OPEN']);
        outcomes.disputed += 1;
      } else {
        expect({ ...context, releases: o.releases, status: o.status }).toEqual({ ...context, releases: 1, status: 'completed' });
        expect([handover.status, button.status, dispute.status]).toEqual([200, 200, 409]);
        const winner = (await t.db.query(`SELECT actor_kind FROM order_status_history WHERE order_id = $1 AND to_status = 'completed'`, [
          orderId,
        ])) as { actor_kind: string }[];
        expect(winner).toHaveLength(1);
        outcomes[winner[0].actor_kind === 'seller' ? 'handover' : 'button'] += 1;
      }
      expect(await moneyViolations(t.db)).toEqual([]);
    }
    // Every path won some rounds: the race was real.
    if (ROUNDS >= 9) expect(Object.values(outcomes).every((n) => n > 0)).toBe(true);
    console.info(`handover race: ${JSON.stringify(outcomes)} over ${ROUNDS} rounds`);
  }, 600_000);
});
