import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { toSearchString, type SearchState } from './searchState';
import type { ProductResults } from './useProductSearch';

interface Props {
  results: Pick<ProductResults, 'correctedSearch' | 'didYouMean' | 'partial'>;
  state: SearchState;
  /** "24 listings", "10,000+ listings". */
  count: string;
}

/**
 * The line above the results: how many, and what the search made of the words. A sure typo fix says what was
 * searched instead; a guess is only offered ("Did you mean …?") as a link, and the results stay those of what
 * was typed — a real word is never replaced. When no listing has every word, the results are the near misses the
 * server fell back to, and the line says so (plain text: the home page's first-view JS is at its budget).
 */
export function SearchStatus({ results, state, count }: Props) {
  const suggestion = results.didYouMean;
  return (
    <Typography sx={{ color: 'text.secondary' }}>
      {results.correctedSearch && (
        <>
          Showing results for <b>{results.correctedSearch}</b>
          {' · '}
        </>
      )}
      {results.partial && (
        <>
          No exact matches for “{results.correctedSearch ?? state.search}”. Showing listings that match some of your words.{' · '}
        </>
      )}
      {suggestion && (
        <>
          Did you mean{' '}
          <Link
            component={RouterLink}
            to={{ pathname: '/', search: toSearchString({ ...state, search: suggestion }) }}
            sx={{ fontWeight: 700 }}
          >
            {suggestion}
          </Link>
          ?{' · '}
        </>
      )}
      {count}
    </Typography>
  );
}

/**
 * Between the listings that match every word and the partial matches the server topped a short page up with: a row of
 * its own in the grid, so nobody takes a headlamp for the Corolla they searched.
 */
export function PartialMatchesNote() {
  return (
    <Typography
      component="li"
      sx={{ gridColumn: '1 / -1', color: 'text.secondary', borderTop: 1, borderColor: 'divider', pt: 1.5, mt: 0.5 }}
    >
      Fewer listings match all your words. These match some of them:
    </Typography>
  );
}
