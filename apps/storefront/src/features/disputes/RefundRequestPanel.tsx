import { formatDateTime, type Order, type RefundRequest } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { disputesApi } from '../../api/disputes';
import { useOrderAnswer } from './useOrderAnswer';

type Role = 'buyer' | 'seller';

/** Where the refund stands once an admin approved the request (the refund goes through Paystack and settles later). */
function refundLine(r: RefundRequest, role: Role): string {
  if (role === 'seller') return 'The buyer is refunded from the payment Kasuwa held; nothing is paid out to you for this order.';
  if (r.refundStatus === 'processed') return 'The refund has been paid back to you.';
  if (r.refundStatus === 'failed') return 'The refund did not go through yet. Kasuwa will sort it out and tell you.';
  return 'The refund is on its way to you; banks usually take a few working days.';
}

function message(r: RefundRequest, role: Role): { severity: 'info' | 'success' | 'warning'; title: string; lines: string[] } {
  const asked =
    role === 'buyer'
      ? `You asked for a refund on ${formatDateTime(r.createdAt)}`
      : `The buyer asked for a refund on ${formatDateTime(r.createdAt)}`;
  const why = r.reason ? `${asked}: “${r.reason}”.` : `${asked}.`;
  if (r.status === 'approved')
    return {
      severity: 'success',
      title: `Refund approved${r.decidedAt ? ` on ${formatDateTime(r.decidedAt)}` : ''}`,
      lines: [why, refundLine(r, role)],
    };
  if (r.status === 'declined') {
    return {
      severity: 'warning',
      title: `Refund request declined${r.decidedAt ? ` on ${formatDateTime(r.decidedAt)}` : ''}`,
      lines: [why, ...(r.decisionReason ? [`Kasuwa’s reason: ${r.decisionReason}`] : [])],
    };
  }
  return {
    severity: 'info',
    title: 'Refund requested',
    lines: [why, `Kasuwa keeps holding the payment while an admin reviews the request.`],
  };
}

/**
 * A buyer who rejects a paid order asks for a refund that an admin approves or declines. The order page
 * shows both sides where that stands (they are also told by the bell and by e-mail when it is decided).
 */
export default function RefundRequestPanel({ order, role }: { order: Order; role: Role }) {
  const [request] = useOrderAnswer(disputesApi.refundRequest, order.id);
  if (!request) return null;
  const m = message(request, role);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="refund-request-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="refund-request-title" variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        Refund request
      </Typography>
      <Alert severity={m.severity} role="status">
        <Typography sx={{ fontWeight: 600 }}>{m.title}</Typography>
        {m.lines.map((line) => (
          <Typography key={line} variant="body2">
            {line}
          </Typography>
        ))}
      </Alert>
    </Paper>
  );
}
