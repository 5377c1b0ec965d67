import { Chip } from '@mui/material';
import type { ContactMessageRow } from '@kasuwa/contracts';

export const messageStatus = (m: Pick<ContactMessageRow, 'isRead' | 'repliedAt'>) =>
  m.repliedAt ? 'Replied' : m.isRead ? 'Read' : 'Unread';

/** Unread / Read / Replied; the word carries the meaning, colour only helps. */
export function MessageStatusChip({ message }: { message: Pick<ContactMessageRow, 'isRead' | 'repliedAt'> }) {
  const status = messageStatus(message);
  return (
    <Chip
      size="small"
      variant={status === 'Unread' ? 'filled' : 'outlined'}
      color={status === 'Unread' ? 'primary' : status === 'Replied' ? 'success' : 'default'}
      label={status}
    />
  );
}
