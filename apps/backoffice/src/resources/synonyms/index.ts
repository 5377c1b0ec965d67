import { lazy } from 'react';
import TranslateIcon from '@mui/icons-material/Translate';

/** Search words: groups of words buyers use for the same thing; adding and editing happen in a modal. */
export default {
  list: lazy(() => import('./SynonymList')),
  icon: TranslateIcon,
  recordRepresentation: (record: { terms?: string[] }) => (record.terms ?? []).join(', '),
  options: { label: 'Search words' },
};
