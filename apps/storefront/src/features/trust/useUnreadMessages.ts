import { useEffect, useState } from 'react';
import { trustApi } from '../../api/trust';

/**
 * Unread chat messages across the caller's conversations (the inbox's own count, `GET /conversations` meta.unread),
 * asked each time a menu opens: the count is fresh when someone looks, and nothing polls while the menu is shut.
 */
export function useUnreadMessages(enabled: boolean): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    trustApi.conversations().then(
      (r) => alive && setUnread(r.meta.unread),
      () => undefined, // a menu entry without its count is still a way to the inbox
    );
    return () => {
      alive = false;
    };
  }, [enabled]);
  return unread;
}

export const messagesLabel = (unread: number) => (unread ? `Messages, ${unread} unread` : 'Messages');
