/** Pure helpers for query parsing and typo correction (unit-tested in search-words.spec.ts). */

const STOP = new Set('a an and are as at be by for from in is it of on or the to with'.split(' '));

/** Lowercased alphanumeric words of a query (at most 8), stop words dropped. */
export function tokenize(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !STOP.has(w))
    .slice(0, 8);
}

/** `to_tsquery` text: every word must match, the last one as a prefix so results follow the typing. Words are [a-z0-9]+ only. */
export function toTsQuery(words: string[]): string {
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** Words worth keeping in the dictionary that typos are corrected against. */
export function dictionaryWords(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const t of texts) for (const w of tokenize(t.slice(0, 2000)).concat(tokenize(t.slice(2000, 20000)))) if (w.length >= 3 && w.length <= 40) out.add(w);
  return [...out];
}

/** Optimal-string-alignment distance: edits, with a swap of two neighbours counting once ("iphnoe" → "iphone" is 1). */
export function osaDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The closest candidate within a length-dependent budget (1 edit up to 5 letters, 2 beyond), preferring common words. */
export function bestCorrection(word: string, candidates: { word: string; ndoc: number }[]): string | null {
  const budget = word.length <= 5 ? 1 : 2;
  let best: { word: string; dist: number; ndoc: number } | null = null;
  for (const c of candidates) {
    const dist = osaDistance(word, c.word);
    if (dist > budget) continue;
    if (!best || dist < best.dist || (dist === best.dist && c.ndoc > best.ndoc)) best = { word: c.word, dist, ndoc: c.ndoc };
  }
  return best?.word ?? null;
}
