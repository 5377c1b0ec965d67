import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TopToolbar, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { Alert, Box, Button, Divider, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DraftsIcon from '@mui/icons-material/Drafts';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import SendIcon from '@mui/icons-material/Send';
import type { ContactMessageRow } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';
import { RecordShow } from '../../common/RecordShow';
import { useRequiredTextSubmit } from '../../common/useRequiredTextSubmit';
import { useAdminApi } from '../../common/useAdminApi';
import { userPath } from '../users/paths';
import { MessageStatusChip } from './MessageStatusChip';
import { messagesPath } from './paths';
import { formatStamp } from '@kasuwa/contracts';
import { CanWrite } from '../../common/CanWrite';

const REPLY_MAX = 5000;

/** Mark as read / Mark as unread (PUT /api/admin/messages/:id {isRead}). */
function ReadToggle() {
  const message = useRecordContext<ContactMessageRow>();
  const [update, { isPending }] = useUpdate<ContactMessageRow>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!message) return null;
  const toRead = !message.isRead;
  const toggle = () =>
    update(
      'messages',
      { id: message.id, data: { isRead: toRead }, previousData: message },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(toRead ? 'Marked as read' : 'Marked as unread', { type: 'success' });
          refresh(); // the menu's unread count
        },
        onError: (error) => notify(errorMessage(error, 'Failed to update message'), { type: 'error', multiLine: true }),
      },
    );
  return (
    <Button size="small" onClick={() => void toggle()} disabled={isPending} startIcon={toRead ? <DraftsIcon /> : <MarkEmailUnreadIcon />}>
      {toRead ? 'Mark as read' : 'Mark as unread'}
    </Button>
  );
}

/** Reply by email (POST /api/admin/messages/:id/reply {reply}); the API also marks it read. */
function ReplyForm({ message, again }: { message: ContactMessageRow; again: boolean }) {
  const api = useAdminApi();
  const {
    error,
    busy: sending,
    submit,
    field,
  } = useRequiredTextSubmit({
    send: (reply) => api<ContactMessageRow>('POST', `/admin/messages/${message.id}/reply`, { reply }),
    success: 'Reply sent',
    failure: 'Failed to send reply',
  });

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
      {error && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {error}
        </Alert>
      )}
      <TextField
        label={again ? `Another reply to ${message.email}` : `Reply to ${message.email}`}
        name="reply"
        {...field('Write a reply', 'Sent by email; the sender sees it in their inbox.')}
        multiline
        minRows={5}
        fullWidth
        slotProps={{ htmlInput: { maxLength: REPLY_MAX } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={sending}>
          {sending ? 'Sending…' : 'Send reply'}
        </Button>
      </Stack>
    </Box>
  );
}

function MessageBody() {
  const message = useRecordContext<ContactMessageRow>();
  const [replyAgain, setReplyAgain] = useState(false);
  const replyHeading = useId();
  if (!message) return null;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {message.subject}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <MessageStatusChip message={message} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Received {formatStamp(message.createdAt)}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          From {message.name ? `${message.name} ` : ''}
          <Link href={`mailto:${message.email}`}>{message.email}</Link>
          {message.userId !== null && (
            <>
              {' · '}
              <Link component={RouterLink} to={userPath(message.userId)}>
                Registered user
              </Link>
            </>
          )}
        </Typography>
      </Stack>

      <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Typography>
      </Paper>

      <Box component="section" aria-labelledby={replyHeading} sx={{ mt: 3 }}>
        <Typography id={replyHeading} variant="h6" component="h2" sx={{ mb: 1 }}>
          Reply
        </Typography>
        <Divider sx={{ mb: 2 }} />
        {message.reply ? (
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }}>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
                Sent {formatStamp(message.repliedAt)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.reply}</Typography>
            </Paper>
            <CanWrite>
              {replyAgain ? (
                <ReplyForm message={message} again />
              ) : (
                <Box>
                  <Button onClick={() => setReplyAgain(true)}>Send another reply</Button>
                </Box>
              )}
            </CanWrite>
          </Stack>
        ) : (
          <CanWrite>
            <ReplyForm message={message} again={false} />
          </CanWrite>
        )}
      </Box>
    </Box>
  );
}

const actions = (
  <TopToolbar sx={{ flexWrap: 'wrap', rowGap: 1 }}>
    <Button size="small" component={RouterLink} to={messagesPath()} startIcon={<ArrowBackIcon />}>
      All messages
    </Button>
    <ReadToggle />
  </TopToolbar>
);

/** /app.admin/messages/:id — the full message, read/unread, and the email reply. */
export default function MessageShow() {
  return (
    <RecordShow<ContactMessageRow> kind="Message" name={(m) => m.subject} errorTitle="Failed to fetch message" actions={actions}>
      <MessageBody />
    </RecordShow>
  );
}
