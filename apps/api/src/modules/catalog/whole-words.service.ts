import { Injectable } from '@nestjs/common';
import { ReadReplica } from '../../database/read-replica';

/** A word in at least this many listings is taken as typed in full: searched as a word, not as a prefix. */
export const WHOLE_WORD_DOCS = 100;
/** The most words kept (the commonest first): ~3 MB at worst, and the long tail is rare words, cheap as prefixes. */
const MAX_WORDS = 50_000;
/** The set is read again after this long; until the new one is in, searches use the old one. */
const REFRESH_MS = 10 * 60_000;

/**
 * The common words of the catalogue (from the typo dictionary, `search_word`). The last word of a query is a prefix so
 * results follow the typing ("sams" finds Samsung), but a prefix makes Postgres collect every listing under it before
 * combining it with the other words: "laptop:*" in Lagos, ~29 ms at a million listings to find none, against ~7 ms for
 * "laptop". A common word typed whole ("laptop", "dress") is searched as that word (its plural and other forms still
 * match, through stemming); a shorter or rarer one stays a prefix.
 */
@Injectable()
export class WholeWordsService {
  private words: ReadonlySet<string> | null = null;
  private at = 0;
  private loading: Promise<ReadonlySet<string>> | null = null;

  constructor(private readonly replica: ReadReplica) {}

  /** The set, read once and then again in the background every REFRESH_MS (a failed read keeps the old set). */
  async common(): Promise<ReadonlySet<string>> {
    if (this.words && Date.now() - this.at < REFRESH_MS) return this.words;
    const load = (this.loading ??= this.load().finally(() => (this.loading = null)));
    return this.words ?? load;
  }

  /** After the dictionary is rebuilt: the next search reads the set again (and waits for it). */
  invalidate(): void {
    this.words = null;
  }

  private async load(): Promise<ReadonlySet<string>> {
    try {
      const rows: { word: string }[] = await this.replica.query(
        `SELECT word FROM search_word WHERE ndoc >= $1 ORDER BY ndoc DESC LIMIT ${MAX_WORDS}`,
        [WHOLE_WORD_DOCS],
      );
      this.words = new Set(rows.map((r) => r.word));
    } catch (err) {
      if (!this.words) throw err;
    }
    this.at = Date.now();
    return this.words;
  }
}
