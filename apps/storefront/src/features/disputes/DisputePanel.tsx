import {
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  MAX_DISPUTE_PHOTOS,
  formatDateTime,
  formatOrderMoney,
  koboToNaira,
  type Dispute,
  type DisputeReason,
  type Order,
  type OrderStatus,
} from '@kasuwa/contracts';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { disputesApi } from '../../api/disputes';
import { ApiError } from '../../api/errors';
import { releaseRuleText } from '../info/moneyRulesText';
import { useMoneyRules } from '../info/useMoneyRules';
import { useOrderAnswer } from './useOrderAnswer';

/** Orders whose money is still held for the buyer (once the buyer confirms, it goes to the seller). */
const DISPUTABLE: OrderStatus[] = ['paid', 'processing', 'accepted_by_seller', 'shipped', 'on_the_way', 'delivered'];

/** The escrow rule: the buyer may open one any time before the money is released (releaseAt), never after. */
export function canOpenDispute(order: Order, now = Date.now()): boolean {
  if (!order.paidAt || order.releasedAt || !DISPUTABLE.includes(order.status)) return false;
  return !order.releaseAt || now < Date.parse(order.releaseAt);
}

const naira = (kobo: string) => formatOrderMoney(koboToNaira(Number(kobo)), 'NGN');

function outcome(d: Dispute): string {
  if (d.decision === 'release') return 'Kasuwa released the payment to the seller.';
  if (d.decision === 'refund') return `Kasuwa refunds the buyer in full (${naira(d.orderTotal)}).`;
  if (d.decision === 'partial_refund' && d.decisionAmount)
    return `Kasuwa refunds the buyer ${naira(d.decisionAmount)}; the rest goes to the seller.`;
  return 'Decided.';
}

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.fieldErrors.map((f) => f.message).join(' ') || err.message || fallback : fallback;

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 1 }}>
      <Typography component="h3" variant="subtitle2" sx={{ color: 'text.secondary', fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The buyer's evidence: thumbnails, each opening the large photo. */
function Photos({ dispute }: { dispute: Dispute }) {
  if (!dispute.photos.length) return null;
  return (
    <Part title="Photos">
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {dispute.photos.map((p, i) => (
          <li key={p.thumbnailUrl}>
            <a href={p.imageUrl} target="_blank" rel="noreferrer">
              <Box
                component="img"
                src={p.thumbnailUrl}
                alt={`Photo ${i + 1} of ${dispute.photos.length} from the buyer`}
                sx={{ width: 88, height: 88, objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
            </a>
          </li>
        ))}
      </Box>
    </Part>
  );
}

/** A side's own account of the dispute (the buyer's complaint, the seller's answer): a few lines, up to 4,000 characters. */
function StatementField(props: { label: string; value: string; onChange: (text: string) => void; required?: boolean }) {
  const { label, value, onChange, required = false } = props;
  return (
    <TextField
      label={label}
      multiline
      minRows={3}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength: 4000 } }}
      required={required}
      fullWidth
    />
  );
}

/** Reason, what went wrong, photos and photo previews before sending. */
function OpenDisputeForm({ orderId, onOpened, onCancel }: { orderId: number; onOpened: (d: Dispute) => void; onCancel: () => void }) {
  const [reason, setReason] = useState<DisputeReason | ''>('');
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<{ file: File; url: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  useEffect(() => () => photos.forEach((p) => URL.revokeObjectURL(p.url)), [photos]);

  const add = (files: FileList | null) => {
    const picked = Array.from(files ?? []).slice(0, MAX_DISPUTE_PHOTOS - photos.length);
    setPhotos((now) => [...now, ...picked.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  };
  const submit = async () => {
    if (!reason) return setError('Choose what went wrong.');
    if (text.trim().length < 5) return setError('Say what went wrong (at least 5 characters).');
    setBusy(true);
    setError(null);
    try {
      onOpened((await disputesApi.open(orderId, { reason, text: text.trim(), photos: photos.map((p) => p.file) })).data);
    } catch (err) {
      setError(errorText(err, 'Could not open the dispute'));
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), void submit())} noValidate>
      <FormControl>
        <FormLabel id={`${inputId}-reason`}>What went wrong?</FormLabel>
        <RadioGroup aria-labelledby={`${inputId}-reason`} value={reason} onChange={(e) => setReason(e.target.value as DisputeReason)}>
          {DISPUTE_REASONS.map((r) => (
            <FormControlLabel key={r} value={r} control={<Radio />} label={DISPUTE_REASON_LABELS[r]} />
          ))}
        </RadioGroup>
      </FormControl>
      <StatementField label="Describe the problem" value={text} onChange={setText} required />
      <Box>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          hidden
          onChange={(e) => (add(e.target.files), (e.target.value = ''))}
        />
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<AddPhotoAlternateIcon />}
          disabled={photos.length >= MAX_DISPUTE_PHOTOS}
        >
          Add photos
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Up to {MAX_DISPUTE_PHOTOS} photos (JPEG, PNG or WebP, 5 MB each).
        </Typography>
        {photos.length > 0 && (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {photos.map((p, i) => (
              <Box component="li" key={p.url} sx={{ position: 'relative' }}>
                <Box
                  component="img"
                  src={p.url}
                  alt={`Photo ${i + 1}: ${p.file.name}`}
                  sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                />
                <IconButton
                  size="small"
                  aria-label={`Remove photo ${i + 1}`}
                  onClick={() => setPhotos((now) => now.filter((x) => x !== p))}
                  sx={{
                    position: 'absolute',
                    top: -10,
                    right: -10,
                    bgcolor: 'background.paper',
                    boxShadow: 1,
                    '&:hover': { bgcolor: 'background.paper' },
                  }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        )}
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button type="submit" variant="contained" loading={busy} disabled={busy}>
          Send dispute
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

function ReplyForm({ orderId, onReplied }: { orderId: number; onReplied: (d: Dispute) => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (text.trim().length < 2) return setError('Write your answer.');
    setBusy(true);
    setError(null);
    try {
      onReplied((await disputesApi.reply(orderId, text.trim())).data);
    } catch (err) {
      setError(errorText(err, 'Could not send your answer'));
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1.5} component="form" onSubmit={(e) => (e.preventDefault(), void send())} noValidate sx={{ mt: 1 }}>
      <StatementField label="Your answer" value={text} onChange={setText} />
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" loading={busy} disabled={busy}>
          Send answer
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The order page's dispute: the buyer opens one (reason, text, photos) within the refund policy's window;
 * buyer and seller see it and its state, the seller answers, and the outcome an admin decided is shown.
 */
export default function DisputePanel({ order, role }: { order: Order; role: 'buyer' | 'seller' }) {
  const [dispute, setDispute] = useOrderAnswer(disputesApi.get, order.id);
  const [opening, setOpening] = useState(false);
  const rules = useMoneyRules();

  if (dispute === undefined) return null;
  if (!dispute && !(role === 'buyer' && canOpenDispute(order))) return null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="dispute-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="dispute-title" variant="h3" component="h2" sx={{ fontSize: '1.15rem' }}>
          Dispute
        </Typography>
        {dispute && (
          <Chip
            size="small"
            color={dispute.status === 'open' ? 'warning' : 'success'}
            label={dispute.status === 'open' ? 'Open' : 'Decided'}
          />
        )}
      </Stack>
      {!dispute &&
        (opening ? (
          <OpenDisputeForm orderId={order.id} onOpened={(d) => (setDispute(d), setOpening(false))} onCancel={() => setOpening(false)} />
        ) : (
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="body2">
              Something wrong with this order?{' '}
              {order.releaseAt
                ? `Open a dispute before ${formatDateTime(order.releaseAt)}, when Kasuwa pays the seller; the seller is not paid while it is open.`
                : releaseRuleText(rules)}
            </Typography>
            <Button variant="outlined" color="warning" onClick={() => setOpening(true)}>
              Open a dispute
            </Button>
          </Stack>
        ))}
      {dispute && (
        <Box role="status" aria-live="polite">
          {dispute.status === 'open' && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {role === 'buyer'
                ? 'Kasuwa is holding the payment while an admin looks at your dispute.'
                : 'The buyer opened a dispute. Your payment for this order is held until Kasuwa decides; answer below.'}
            </Alert>
          )}
          <Part title="Reason">
            <Typography>
              {DISPUTE_REASON_LABELS[dispute.reason]} · opened {formatDateTime(dispute.createdAt)}
            </Typography>
          </Part>
          <Part title={role === 'buyer' ? 'Your description' : "The buyer's description"}>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{dispute.text}</Typography>
          </Part>
          <Photos dispute={dispute} />
          <Part title={role === 'seller' ? 'Your answer' : "The seller's answer"}>
            {dispute.sellerReply ? (
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{dispute.sellerReply}</Typography>
            ) : role === 'seller' && dispute.status === 'open' ? (
              <ReplyForm orderId={order.id} onReplied={setDispute} />
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>No answer yet.</Typography>
            )}
          </Part>
          {dispute.status === 'resolved' && (
            <Part title="Outcome">
              <Typography sx={{ fontWeight: 600 }}>{outcome(dispute)}</Typography>
              {/* Why and when, as the Reason part says what and when ("· opened …"). */}
              <Typography variant="body2">
                {[
                  dispute.decisionReason && `Reason: ${dispute.decisionReason}`,
                  dispute.decidedAt && `Decided ${formatDateTime(dispute.decidedAt)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Part>
          )}
        </Box>
      )}
    </Paper>
  );
}
