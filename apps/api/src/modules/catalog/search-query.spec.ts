import {
  buildSynonymMap,
  groupTsQueries,
  groupWords,
  normalizeTerm,
  singular,
  toAtLeastTsQuery,
  toExactTsQuery,
  toGroupTsQuery,
} from './search-query';

describe('search query with local vocabulary', () => {
  const map = buildSynonymMap([
    ['fridge', 'refrigerator', 'freezer'],
    ['keke', 'keke napep', 'tricycle'],
    ['ac', 'Air-Conditioner'],
    ['tv', 'television'],
  ]);

  it('normalises terms and finds singulars', () => {
    expect(normalizeTerm(' Aso-Oke ')).toBe('aso oke');
    expect(['fridges', 'batteries', 'boxes', 'glass', 'tv'].map(singular)).toEqual(['fridge', 'battery', 'box', 'glass', 'tv']);
  });

  it('expands a word into an OR group of its synonyms, plurals included', () => {
    expect(groupWords(['fridges'], map)).toEqual([{ typed: 'fridges', terms: ['fridges', 'fridge', 'refrigerator', 'freezer'] }]);
    expect(groupWords(['samsung', 'tv'], map)).toEqual([
      { typed: 'samsung', terms: ['samsung'] },
      { typed: 'tv', terms: ['tv', 'television'] },
    ]);
  });

  it('matches the longest phrase first', () => {
    expect(
      groupWords(
        ['keke', 'napep', 'for', 'sale'].filter((w) => w !== 'for'),
        map,
      ).map((g) => g.typed),
    ).toEqual(['keke napep', 'sale']);
    expect(groupWords(['air', 'conditioner'], map)[0].terms).toEqual(['air conditioner', 'ac']);
  });

  it('builds a tsquery: groups ANDed, alternatives ORed, phrases adjacent, the typed last word a prefix', () => {
    expect(toGroupTsQuery(groupWords(['lg', 'fridge'], map))).toBe('lg & (fridge:* | refrigerator | freezer)');
    expect(toGroupTsQuery(groupWords(['ac', 'repair'], map))).toBe('(ac | (air <-> conditioner)) & repair:*');
    expect(toGroupTsQuery(groupWords(['iphone', '13'], map))).toBe('iphone & 13:*');
    // A common word typed in full is that word, not a prefix; a word still being typed stays a prefix.
    const whole = new Set(['laptop', 'repair']);
    expect(toGroupTsQuery(groupWords(['hp', 'laptop'], map), whole)).toBe('hp & laptop');
    expect(toGroupTsQuery(groupWords(['hp', 'lapt'], map), whole)).toBe('hp & lapt:*');
    expect(toGroupTsQuery(groupWords(['ac', 'repair'], map), whole)).toBe('(ac | (air <-> conditioner)) & repair');
    expect(toGroupTsQuery(groupWords(['laptop', 'bag'], map), whole)).toBe('laptop & bag:*');
  });

  it('builds the whole-word query without prefixes', () => {
    expect(toExactTsQuery(groupWords(['tv'], map))).toBe('(tv | television)');
  });

  it('builds the partial-match queries: each group alone, and "at least k of them"', () => {
    const parts = groupTsQueries(groupWords(['lg', 'fridge', '55'], map));
    expect(parts).toEqual(['lg', '(fridge | refrigerator | freezer)', '55:*']);
    expect(parts.join(' & ')).toBe(toGroupTsQuery(groupWords(['lg', 'fridge', '55'], map)));
    expect(toAtLeastTsQuery(parts, 1)).toBe('lg | (fridge | refrigerator | freezer) | 55:*');
    expect(toAtLeastTsQuery(parts, 2)).toBe(
      '(lg & (fridge | refrigerator | freezer)) | (lg & 55:*) | ((fridge | refrigerator | freezer) & 55:*)',
    );
    // 8 words (tokenize's most), 4 of them: C(8, 4) alternatives.
    expect(toAtLeastTsQuery(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], 4).split(' | ')).toHaveLength(70);
  });
});
