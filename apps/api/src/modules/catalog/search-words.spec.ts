import { bestCorrection, osaDistance, tokenize, toTsQuery } from './search-words';

describe('search words', () => {
  it('tokenizes to safe lowercase words without stop words', () => {
    expect(tokenize("The iPhone 13 & Samsung's; DROP TABLE--")).toEqual(['iphone', '13', 'samsung', 's', 'drop', 'table']);
    expect(tokenize('')).toEqual([]);
  });

  it('builds an AND query with a prefix on the last word', () => {
    expect(toTsQuery(['iphone', '13'])).toBe('iphone & 13:*');
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(osaDistance('iphnoe', 'iphone')).toBe(1);
    expect(osaDistance('samsng', 'samsung')).toBe(1);
    expect(osaDistance('kitten', 'sitting')).toBe(3);
  });

  it('picks the nearest, most common candidate within budget', () => {
    const c = [
      { word: 'iphone', ndoc: 40 },
      { word: 'phone', ndoc: 90 },
      { word: 'iphones', ndoc: 2 },
    ];
    expect(bestCorrection('iphnoe', c)).toBe('iphone');
    expect(bestCorrection('xyzzyq', c)).toBeNull();
  });
});
