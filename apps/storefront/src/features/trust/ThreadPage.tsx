import {
  CHAT_EVENTS,
  CHAT_SOCKET_PATH,
  formatNaira,
  koboToNaira,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatReadEvent,
} from '@kasuwa/contracts';
import PhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { trustApi } from '../../api/trust';
import { useApiMutation, useApiQuery } from '../../app/apiQuery';
import { useAppQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';
import { getAccessToken } from '../auth/session';
import { offline, outbox, type Queued, type SendResult } from '../offline/outbox';
import { PageLoader } from '../layout/PageLoader';
import { ChatWarning } from './ChatWarning';
import OfferDialog, { offerStatusText } from './OfferDialog';
import { SafetyTips } from './SafetyTips';

const ReportDialog = lazy(() => import('./ReportDialog'));
const POLL_MS = 4000;

function merge(list: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * One conversation. New messages arrive live over socket.io (which reconnects by itself on a flaky network); while
 * the socket is down the page polls for newer messages instead. Opening the thread marks it read (read receipts).
 */
export default function ThreadPage() {
  const id = Number(useParams().id);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [live, setLive] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [offering, setOffering] = useState(false);
  const last = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const add = useCallback((incoming: ChatMessage[]) => {
    if (!incoming.length) return;
    last.current = Math.max(last.current, ...incoming.map((m) => m.id));
    setMessages((list) => merge(list, incoming));
  }, []);

  // One way to fetch (docs/storefront.md: Data): the conversation and its messages so far. Later messages come over the
  // socket (or the polling below) and join them in `messages`; opening the thread marks it read.
  const client = useAppQueryClient();
  const thread = useApiQuery(queryKeys.thread(id), async () => {
    const [c, m] = await Promise.all([trustApi.conversation(id), trustApi.messages(id)]);
    return { conv: c.data, messages: m.data };
  });
  const conv = thread.data?.conv ?? null;
  const { mutate: markRead } = useApiMutation(() => trustApi.read(id));
  const first = thread.data?.messages;
  useEffect(() => {
    if (!first) return;
    add(first);
    markRead();
  }, [first, add, markRead]);

  // Live delivery; socket.io-client is loaded with this page only.
  useEffect(() => {
    let socket: { close(): void } | null = null;
    let closed = false;
    const connect = async () => {
      const { io } = await import('socket.io-client');
      if (closed) return;
      const s = io(window.location.origin, {
        path: CHAT_SOCKET_PATH,
        auth: { token: getAccessToken() },
        transports: ['websocket', 'polling'],
      });
      socket = s;
      s.on('connect', () => setLive(true));
      s.on('disconnect', () => setLive(false));
      s.on(CHAT_EVENTS.message, (e: ChatMessageEvent) => {
        if (e.conversationId !== id) return;
        add([e.message]);
        if (document.visibilityState === 'visible') markRead();
      });
      s.on(CHAT_EVENTS.read, (e: ChatReadEvent) => {
        if (e.conversationId !== id) return;
        setMessages((list) => list.map((m) => (m.senderId !== e.readerId && m.createdAt <= e.readAt ? { ...m, read: true } : m)));
      });
    };
    void connect();
    return () => {
      closed = true;
      socket?.close();
    };
  }, [id, add, markRead]);

  // Polling fallback while the socket is not connected, once the thread has loaded: the messages after the last one,
  // every POLL_MS (the empty answer to start with: the first poll comes after POLL_MS, not at once).
  const news = useApiQuery(queryKeys.threadNews(id), async () => (await trustApi.messages(id, last.current)).data, {
    enabled: Boolean(thread.data) && !live,
    initialData: [],
    gcTime: 0,
    refetchInterval: POLL_MS,
  });
  const newer = news.data;
  useEffect(() => {
    if (newer) add(newer);
  }, [newer, add]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  // Messages typed without a network wait in the outbox (features/offline/outbox.ts), shown as pending, and go out
  // in order when it is back.
  const [pending, setPending] = useState<Queued[]>(() => outbox().list('chat', String(id)));
  const sendQueued = useCallback(
    async (item: Queued): Promise<SendResult> => {
      try {
        const { data } = await trustApi.send(Number(item.scope), item.payload as { text: string });
        if (Number(item.scope) === id) add([data]);
        return 'sent';
      } catch (err) {
        return (err as { status?: number | null }).status == null ? 'retry' : 'drop';
      }
    },
    [id, add],
  );
  useEffect(() => {
    const box = outbox();
    const refresh = () => setPending(box.list('chat', String(id)));
    box.setSender('chat', sendQueued);
    refresh();
    void box.flush();
    return box.subscribe(refresh);
  }, [id, sendQueued]);

  const send = async (body: { text?: string; offer?: number } | FormData) => {
    setSending(true);
    try {
      const { data } = await trustApi.send(id, body);
      add([data]);
      return data;
    } catch {
      return null;
    } finally {
      setSending(false);
    }
  };
  const onSend = async () => {
    const t = text.trim();
    if (t && offline()) {
      outbox().add('chat', String(id), { text: t });
      setText('');
      return;
    }
    if (t && (await send({ text: t }))) setText('');
  };
  const onOffer = async (kobo: number) => {
    const sent = await send({ offer: kobo });
    // The new offer replaced the one still waiting (one open offer per buyer and listing).
    if (sent)
      setMessages((list) => list.map((m) => (m.offerStatus === 'pending' && m.id < sent.id ? { ...m, offerStatus: 'replaced' } : m)));
    return sent !== null;
  };
  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('photo', file);
    await send(form);
  };
  const decide = async (m: ChatMessage, accept: boolean) => {
    const { data } = await trustApi.decideOffer(id, m.id, accept);
    add([data]);
  };
  const onBlock = async () => {
    if (!conv || !window.confirm('Block this user? Neither of you will be able to send messages.')) return;
    const other = conv.role === 'buyer' ? conv.seller : conv.buyer;
    await trustApi.block(other.id);
    client.setQueryData(queryKeys.thread(id), (t: typeof thread.data) => t && { ...t, conv: { ...t.conv, blocked: true } });
  };

  // Once shown, the thread stays when a later read fails (a reconnect's refetch).
  if (thread.error && !conv) return <Container sx={{ py: 3 }}>Conversation not found.</Container>;
  if (!conv) return <PageLoader />;
  const me = conv.role === 'buyer' ? conv.buyer.id : conv.seller.id;
  const other = conv.role === 'buyer' ? conv.seller : conv.buyer;
  const openOffer = messages.find((m) => m.kind === 'offer' && m.offerStatus === 'pending');

  return (
    <Container maxWidth="md" sx={{ py: 1.5, px: { xs: 1, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: '1.2rem' }} noWrap>
            {other.fullName}
          </Typography>
          {conv.product && (
            <Link href={`/product/${conv.product.id}`} variant="body2" noWrap sx={{ display: 'block' }}>
              {conv.product.name} · {formatNaira(koboToNaira(Number(conv.product.priceKobo)))}
            </Link>
          )}
        </Box>
        <Typography
          variant="caption"
          sx={{ color: live ? 'success.main' : 'text.secondary', whiteSpace: 'nowrap' }}
          data-testid="live-state"
        >
          {live ? '● Live' : 'Reconnecting…'}
        </Typography>
      </Stack>
      <SafetyTips />
      <Paper
        variant="outlined"
        sx={{ p: 1, minHeight: 240, display: 'flex', flexDirection: 'column', gap: 0.75 }}
        aria-live="polite"
        aria-label="Messages"
      >
        {messages.map((m) => (
          <Fragment key={m.id}>
            <ChatWarning message={m} me={me} />
            <Box
              data-testid="message"
              sx={{
                alignSelf: m.senderId === me ? 'flex-end' : 'flex-start',
                maxWidth: '85%',
                bgcolor: m.senderId === me ? 'primary.main' : 'action.hover',
                color: m.senderId === me ? 'primary.contrastText' : 'text.primary',
                borderRadius: 2,
                px: 1.25,
                py: 0.75,
              }}
            >
              {m.kind === 'photo' && m.photo && (
                <img src={m.photo.thumbnailUrl} alt="Photo in chat" style={{ maxWidth: '100%', borderRadius: 6, display: 'block' }} />
              )}
              {m.kind === 'offer' && (
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>Offer: {formatNaira(koboToNaira(Number(m.offerKobo)))}</Typography>
                  <Typography variant="body2">{offerStatusText(m.offerStatus)}</Typography>
                  {conv.role === 'seller' && m.offerStatus === 'pending' && (
                    <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                      <Button size="small" variant="contained" onClick={() => void decide(m, true)}>
                        Accept
                      </Button>
                      <Button size="small" variant="outlined" onClick={() => void decide(m, false)}>
                        Decline
                      </Button>
                    </Stack>
                  )}
                </Box>
              )}
              {m.text && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.text}</Typography>}
              {m.senderId === me && (
                <Typography variant="caption" sx={{ opacity: 0.8 }}>
                  {m.read ? 'Read' : 'Sent'}
                </Typography>
              )}
            </Box>
          </Fragment>
        ))}
        {pending.map((p) => (
          <Box
            key={p.key}
            data-testid="pending-message"
            sx={{ alignSelf: 'flex-end', maxWidth: '85%', bgcolor: 'action.selected', borderRadius: 2, px: 1.25, py: 0.75 }}
          >
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{(p.payload as { text?: string }).text}</Typography>
            <Typography variant="caption" sx={{ opacity: 0.8 }}>
              Waiting for network — sent when you are back online
            </Typography>
          </Box>
        ))}
        <div ref={endRef} />
      </Paper>
      {conv.blocked ? (
        <Typography sx={{ color: 'text.secondary' }}>You cannot send messages in this conversation.</Typography>
      ) : (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-end' }}>
          <IconButton aria-label="Send a photo" onClick={() => fileInput.current?.click()} disabled={sending}>
            <PhotoIcon />
          </IconButton>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            onChange={(e) => void onPhoto(e.target.files?.[0])}
          />
          <TextField
            label="Message"
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            maxRows={4}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <IconButton aria-label="Send" color="primary" onClick={() => void onSend()} disabled={sending || !text.trim()}>
            <SendIcon />
          </IconButton>
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {conv.role === 'buyer' && conv.product && !conv.blocked && (
          <Button size="small" variant="outlined" onClick={() => setOffering(true)}>
            Make an offer
          </Button>
        )}
        <Button size="small" color="inherit" onClick={() => void onBlock()} disabled={conv.blocked}>
          Block user
        </Button>
        <Button size="small" color="inherit" onClick={() => setReporting(true)}>
          Report conversation
        </Button>
      </Stack>
      {conv.product && (
        <OfferDialog
          open={offering}
          onClose={() => setOffering(false)}
          listKobo={Number(conv.product.priceKobo)}
          openOfferKobo={openOffer ? Number(openOffer.offerKobo) : null}
          onSubmit={onOffer}
        />
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog targetType="conversation" targetId={id} title="Report this conversation" onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </Container>
  );
}
