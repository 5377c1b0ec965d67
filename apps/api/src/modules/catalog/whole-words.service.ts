import { Injectable } from '@nestjs/common';
import { ReadReplica } from '../../database/read-replica';
import { CacheService } from '../cache/cache.service';

/** A word in at least this many listings is taken as typed in full: searched as a word, not as a prefix. */
export const WHOLE_WORD_DOCS = 100;
/** The most words kept (the commonest first): ~3 MB at worst, and the long tail is rare words, cheap as prefixes. */
const MAX_WORDS = 50_000;
/** The list is read again after this long (new listings move words past WHOLE_WORD_DOCS slowly). */
const REFRESH_MS = 10 * 60_000;
const CACHE_KEY = 'search:whole-words';

/**
 * The common words of the catalogue (from the typo dictionary, `search_word`). The last word of a query is a prefix so
 * results follow the typing ("sams" finds Samsung), but a prefix makes Postgres collect every listing under it before
 * combining it with the other words: "laptop:*" in Lagos, ~29 ms at a million listings to find none, against ~7 ms for
 * "laptop". A common word typed whole ("laptop", "dress") is searched as that word (its plural and other forms still
 * match, through stemming); a shorter or rarer one stays a prefix.
 */
@Injectable()
export class WholeWordsService {
  /** The set made from the cached list, kept while the cache hands back that same list. */
  private last: { words: readonly string[]; set: ReadonlySet<string> } | null = null;

  constructor(
    private readonly replica: ReadReplica,
    private readonly cache: CacheService,
  ) {}

  async common(): Promise<ReadonlySet<string>> {
    const words = await this.cache.getOrSet(CACHE_KEY, REFRESH_MS, () => this.load());
    if (this.last?.words !== words) this.last = { words, set: new Set(words) };
    return this.last.set;
  }

  /** After the dictionary is rebuilt: every process reads the list again on its next search. */
  invalidate(): Promise<void> {
    return this.cache.delete(CACHE_KEY);
  }

  private async load(): Promise<string[]> {
    const rows = await this.replica.query<{ word: string }[]>(
      `SELECT word FROM search_word WHERE ndoc >= $1 ORDER BY ndoc DESC LIMIT ${MAX_WORDS}`,
      [WHOLE_WORD_DOCS],
    );
    return rows.map((r) => r.word);
  }
}
