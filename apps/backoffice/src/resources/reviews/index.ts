import { lazy } from 'react';
import StarIcon from '@mui/icons-material/StarRate';

/** Ratings of sellers (issue 14): admins hide a review with a reason kept in its history. */
export default {
  list: lazy(() => import('./ReviewList')),
  icon: StarIcon,
  options: { label: 'Reviews' },
};
