/**
 * Turning query words into a Postgres tsquery with local vocabulary (pure; unit-tested in search-query.spec.ts).
 * A query is a list of groups, all required; a group is one typed word (or phrase) OR any of its synonyms.
 */

/** term → every term of its synonym groups (itself included). Terms are words of [a-z0-9] joined by single spaces. */
export type SynonymMap = ReadonlyMap<string, readonly string[]>;

/** Longest typed phrase looked up as a synonym ("keke napep", "air conditioner"). */
const MAX_PHRASE = 3;

export interface QueryGroup {
  /** What the person typed for this group ("fridge", "air conditioner"). */
  typed: string;
  /** Alternatives the group matches: the typed words first, then synonyms. */
  terms: string[];
}

/** Lowercases, strips accents and punctuation: "Aso-Oke" → "aso oke". Returns '' when nothing is left. */
export function normalizeTerm(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(' ');
}

/** A cheap singular for looking words up in the synonym list ("fridges" → "fridge", "batteries" → "battery"). */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Builds the lookup map from synonym groups; a term in several groups gets the union. */
export function buildSynonymMap(groups: readonly (readonly string[])[]): SynonymMap {
  const map = new Map<string, Set<string>>();
  for (const g of groups) {
    const terms = g.map(normalizeTerm).filter(Boolean);
    for (const t of terms) {
      const set = map.get(t) ?? new Set<string>();
      for (const u of terms) set.add(u);
      map.set(t, set);
    }
  }
  return new Map([...map].map(([k, v]) => [k, [...v]]));
}

function lookup(map: SynonymMap, phrase: string): readonly string[] | undefined {
  return map.get(phrase) ?? map.get(phrase.split(' ').map(singular).join(' '));
}

/** Groups the words, longest synonym phrase first ("keke napep" is one group, not two). */
export function groupWords(words: string[], map: SynonymMap): QueryGroup[] {
  const out: QueryGroup[] = [];
  for (let i = 0; i < words.length;) {
    let matched = false;
    for (let n = Math.min(MAX_PHRASE, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n).join(' ');
      const syn = lookup(map, phrase);
      if (syn) {
        out.push({ typed: phrase, terms: [phrase, ...syn.filter((t) => t !== phrase)] });
        i += n;
        matched = true;
        break;
      }
    }
    if (!matched) {
      out.push({ typed: words[i], terms: [words[i]] });
      i++;
    }
  }
  return out;
}

/** "air conditioner" → "air <-> conditioner"; a prefix mark goes on the last word of the typed term only. */
function termQuery(term: string, prefix: boolean): string {
  const parts = term.split(' ');
  const q = parts.map((w, i) => (prefix && i === parts.length - 1 ? `${w}:*` : w)).join(' <-> ');
  return parts.length > 1 ? `(${q})` : q;
}

/**
 * `to_tsquery('english', …)` text: every group must match; within a group any alternative. The last typed word
 * is also a prefix so results follow the typing ("sams" finds Samsung), unless it is one of the catalogue's `whole`
 * words: a common word typed in full, searched as a word (see WholeWordsService). Words are [a-z0-9]+ only.
 */
export function toGroupTsQuery(groups: QueryGroup[], whole: ReadonlySet<string> = new Set()): string {
  return groupTsQueries(groups, whole).join(' & ');
}

/** Each group's part of toGroupTsQuery, alone (the same prefix rule): the partial-match fallback counts them one by one. */
export function groupTsQueries(groups: QueryGroup[], whole: ReadonlySet<string> = new Set()): string[] {
  const lastWord = (term: string) => term.slice(term.lastIndexOf(' ') + 1);
  return groups.map((g, gi) => {
    const alts = g.terms.map((t, ti) => termQuery(t, gi === groups.length - 1 && ti === 0 && !whole.has(lastWord(t))));
    return alts.length > 1 ? `(${alts.join(' | ')})` : alts[0];
  });
}

/**
 * `to_tsquery` text matching a listing that has at least `least` of the groups' parts (groupTsQueries): any of them
 * for 1, else any `least` of them together ("a & b | a & c | b & c" for 2 of 3). At most C(8, 4) = 70 alternatives
 * (tokenize keeps 8 words).
 */
export function toAtLeastTsQuery(parts: string[], least: number): string {
  if (least <= 1) return parts.join(' | ');
  const out: string[] = [];
  const pick = (from: number, chosen: string[]) => {
    if (chosen.length === least) {
      out.push(`(${chosen.join(' & ')})`);
      return;
    }
    for (let i = from; i <= parts.length - (least - chosen.length); i++) pick(i + 1, [...chosen, parts[i]]);
  };
  pick(0, []);
  return out.join(' | ');
}

/**
 * `to_tsquery('simple', …)` text matching a title that has every group as a whole word (no stemming, no prefix):
 * "tv" matches "Smart TV" but not "TVS Apache", which ranks the exact match first.
 */
export function toExactTsQuery(groups: QueryGroup[]): string {
  return groups
    .map((g) => {
      const alts = g.terms.map((t) => termQuery(t, false));
      return alts.length > 1 ? `(${alts.join(' | ')})` : alts[0];
    })
    .join(' & ');
}
