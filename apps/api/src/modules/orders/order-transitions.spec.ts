import {
  allowedNext,
  ORDER_ROLE_OPTIONS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderActorKind,
  type OrderStatus,
} from '@kasuwa/contracts';

/** The docs/order-lifecycle.md "Order lifecycle" table, written out once more by hand: the contract must say exactly this. */
const TABLE: [OrderActorKind, OrderStatus[], OrderStatus[]][] = [
  ['payment', ['pending'], ['paid']],
  ['buyer', ['pending'], ['cancelled_by_buyer']],
  ['seller', ['paid', 'processing', 'accepted_by_seller'], ['accepted_by_seller', 'processing', 'rejected_by_seller', 'shipped']],
  ['buyer', ['paid', 'processing', 'accepted_by_seller'], ['cancelled_by_buyer']],
  ['seller', ['shipped'], ['on_the_way', 'delivered']],
  ['seller', ['on_the_way'], ['delivered']],
  ['buyer', ['shipped', 'on_the_way', 'delivered'], ['received_by_buyer', 'rejected_by_buyer']],
  ['buyer', ['received_by_buyer'], ['completed']],
  ['buyer', ['rejected_by_seller', 'rejected_by_buyer'], ['need_refund']],
];

function expected(role: OrderActorKind, from: OrderStatus, paid: boolean): OrderStatus[] {
  const set = new Set<OrderStatus>();
  for (const [r, froms, tos] of TABLE) if (r === role && froms.includes(from)) tos.forEach((s) => set.add(s));
  if (role === 'buyer' && from === 'cancelled_by_buyer' && paid) set.add('need_refund');
  if (role === 'system' && from === 'pending') set.add('cancelled');
  set.delete(from);
  return ORDER_STATUSES.filter((s) => set.has(s));
}

describe('order transitions (contracts allowedNext)', () => {
  it.each(['buyer', 'seller', 'payment', 'system'] as OrderActorKind[])('%s: every status, paid or not, matches the table', (role) => {
    for (const from of ORDER_STATUSES) {
      for (const paid of [false, true])
        expect([role, from, paid, allowedNext(role, from, { paid })]).toEqual([role, from, paid, expected(role, from, paid)]);
    }
  });

  it('admin may move any status to any other, never to itself', () => {
    for (const from of ORDER_STATUSES) expect(allowedNext('admin', from)).toEqual(ORDER_STATUSES.filter((s) => s !== from));
  });

  it('cancelled_by_buyer → need_refund only after payment', () => {
    expect(allowedNext('buyer', 'cancelled_by_buyer', { paid: true })).toEqual(['need_refund']);
    expect(allowedNext('buyer', 'cancelled_by_buyer', { paid: false })).toEqual([]);
    expect(allowedNext('buyer', 'cancelled_by_buyer')).toEqual([]);
  });

  it('samples of refusals', () => {
    expect(allowedNext('seller', 'pending')).toEqual([]);
    expect(allowedNext('buyer', 'paid')).not.toContain('completed');
    expect(allowedNext('seller', 'delivered')).toEqual([]);
    expect(allowedNext('buyer', 'completed', { paid: true })).toEqual([]);
    expect(allowedNext('seller', 'accepted_by_seller')).not.toContain('accepted_by_seller');
    expect(allowedNext('payment', 'paid')).toEqual([]);
  });

  it('role dropdown options only name real statuses; the table names only real statuses', () => {
    for (const list of Object.values(ORDER_ROLE_OPTIONS)) for (const s of list) expect(ORDER_STATUSES).toContain(s);
    for (const rule of ORDER_TRANSITIONS) {
      for (const s of [rule.from, rule.to].flatMap((x) => (x === 'any' ? [] : x))) expect(ORDER_STATUSES).toContain(s);
    }
  });
});
