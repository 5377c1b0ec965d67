import { labelsOf, valueWords } from './labels';

describe('labels', () => {
  it('reads a value as its words', () => {
    expect(valueWords('refund_due')).toBe('Refund due');
    expect(valueWords('on_the_way')).toBe('On the way');
    expect(valueWords('paid')).toBe('Paid');
  });

  it('labels every value in order, by its words unless given a label of its own', () => {
    const labels = labelsOf(['pending', 'need_refund', 'on_the_way'] as const, { need_refund: 'Refunded' });
    expect(labels).toEqual({ pending: 'Pending', need_refund: 'Refunded', on_the_way: 'On the way' });
    expect(Object.keys(labels)).toEqual(['pending', 'need_refund', 'on_the_way']);
  });
});
