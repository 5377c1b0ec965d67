import { lazy } from 'react';
import { MessagesIcon } from './MessagesIcon';

/** The contact inbox (issue 5): list unread first, a message page with read/unread and reply. */
export default {
  list: lazy(() => import('./MessageList')),
  show: lazy(() => import('./MessageShow')),
  icon: MessagesIcon,
  recordRepresentation: 'subject',
  options: { label: 'Messages' },
};
