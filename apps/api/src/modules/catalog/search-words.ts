/** Pure helpers for query parsing and typo correction (unit-tested in search-words.spec.ts). */

const STOP = new Set('a an and are as at be by for from in is it of on or the to with'.split(' '));

/**
 * Lowercased alphanumeric words of a query (at most 8), stop words dropped. A decimal keeps its point and is split
 * from a unit the way Postgres's parser does ("3.5kVA" → "3.5", "kva"). Words are [a-z0-9.] only: safe in a tsquery.
 */
export function tokenize(text: string | undefined): string[] {
  return words(text).slice(0, 8);
}

function words(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9.]+/)
    .flatMap((t) => {
      const m = /^(\d+\.\d+)([a-z][a-z0-9]*)?$/.exec(t);
      return m ? [m[1], m[2] ?? ''] : t.split('.');
    })
    .filter((w) => w && !STOP.has(w));
}

/** Words worth keeping in the dictionary that typos are corrected against. */
export function dictionaryWords(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const t of texts) for (const w of words(t.slice(0, 20000))) if (w.length >= 3 && w.length <= 40 && /^[a-z0-9]+$/.test(w)) out.add(w);
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

export interface Correction {
  word: string;
  dist: number;
  /**
   * A sure fix of a typo: one edit away, a word long enough that one edit rarely makes another real word, and no
   * other candidate as close. Anything else is a guess, offered as "Did you mean …?" rather than applied.
   */
  sure: boolean;
}

/** The closest candidate within a length-dependent budget (1 edit up to 5 letters, 2 beyond), preferring common words. */
export function chooseCorrection(word: string, candidates: { word: string; ndoc: number }[]): Correction | null {
  const budget = word.length <= 5 ? 1 : 2;
  const near = candidates
    .filter((c) => c.word !== word)
    .map((c) => ({ ...c, dist: osaDistance(word, c.word) }))
    .filter((c) => c.dist <= budget)
    .sort((a, b) => a.dist - b.dist || b.ndoc - a.ndoc);
  const [best, rival] = near;
  if (!best) return null;
  const clearWinner = !rival || rival.dist > best.dist || best.ndoc >= 3 * rival.ndoc;
  return { word: best.word, dist: best.dist, sure: best.dist === 1 && word.length >= 5 && clearWinner };
}

/** The closest candidate's word, or null (see chooseCorrection). */
export function bestCorrection(word: string, candidates: { word: string; ndoc: number }[]): string | null {
  return chooseCorrection(word, candidates)?.word ?? null;
}
