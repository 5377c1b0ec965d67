import { bestCorrection, chooseCorrection, osaDistance, tokenize } from './search-words';

describe('search words', () => {
  it('tokenizes to safe lowercase words without stop words', () => {
    expect(tokenize("The iPhone 13 & Samsung's; DROP TABLE--")).toEqual(['iphone', '13', 'samsung', 's', 'drop', 'table']);
    expect(tokenize('')).toEqual([]);
    expect(tokenize('Firman 3.5kVA gen. 128GB')).toEqual(['firman', '3.5', 'kva', 'gen', '128gb']);
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

  it('is sure only of a one-edit fix of a longer word with no close rival; everything else is a guess', () => {
    expect(chooseCorrection('samsng', [{ word: 'samsung', ndoc: 30 }])).toMatchObject({ word: 'samsung', sure: true });
    expect(
      chooseCorrection('generatr', [
        { word: 'generator', ndoc: 12 },
        { word: 'generate', ndoc: 1 },
      ]),
    ).toMatchObject({ word: 'generator', sure: true });
    expect(chooseCorrection('fridge', [{ word: 'ride', ndoc: 8 }])).toMatchObject({ word: 'ride', dist: 2, sure: false });
    expect(chooseCorrection('pant', [{ word: 'paint', ndoc: 8 }])).toMatchObject({ word: 'paint', sure: false });
    expect(
      chooseCorrection('bals', [
        { word: 'bags', ndoc: 8 },
        { word: 'balls', ndoc: 7 },
      ])?.sure,
    ).toBe(false);
    expect(chooseCorrection('iphone', [{ word: 'iphone', ndoc: 8 }])).toBeNull();
  });
});
