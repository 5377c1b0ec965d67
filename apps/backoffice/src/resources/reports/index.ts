import { lazy } from 'react';
import FlagIcon from '@mui/icons-material/Flag';

/** The moderation queue (issue 14): reports of listings, users and chats. */
export default {
  list: lazy(() => import('./ReportList')),
  show: lazy(() => import('./ReportShow')),
  icon: FlagIcon,
  options: { label: 'Reports' },
};
