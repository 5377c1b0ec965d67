import Alert from '@mui/material/Alert';
import type { ChatMessage } from '@kasuwa/contracts';

/**
 * The scam warning above a message that asks to pay or reach its writer outside Kasuwa, shown to its reader (the API
 * sends it to the reader only). A note, not an alert: it is read with the thread, not announced over it.
 */
export function ChatWarning({ message, me }: { message: ChatMessage; me: number | undefined }) {
  if (!message.warning || message.senderId === me) return null;
  return (
    <Alert
      severity="warning"
      role="note"
      data-testid="chat-warning"
      sx={{ alignSelf: 'flex-start', maxWidth: '85%', py: 0, overflowWrap: 'anywhere' }}
    >
      {message.warning}
    </Alert>
  );
}
