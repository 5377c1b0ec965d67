import { Show, SimpleShowLayout, useRecordContext } from 'react-admin';
import { Stack, Typography } from '@mui/material';
import { REPORT_ACTION_LABELS, REPORT_REASON_LABELS, type AdminReportDetail } from '@kasuwa/contracts';
import { when } from '../money/money-format';

function Detail() {
  const r = useRecordContext<AdminReportDetail>();
  if (!r) return null;
  return (
    <Stack spacing={2}>
      <Typography variant="h6">{r.target.title}</Typography>
      <Typography>
        {r.targetType} #{r.targetId} · status {r.target.status} · {r.openReporters} open report(s)
      </Typography>
      <Typography variant="subtitle1">History</Typography>
      {r.history.map((h) => (
        <Typography key={h.id} variant="body2">
          {when(h.createdAt)} — {h.reporter.email} (weight {h.weight}): {REPORT_REASON_LABELS[h.reason]} {h.text && `“${h.text}”`}{' '}
          {h.status === 'resolved' && h.action && `→ ${REPORT_ACTION_LABELS[h.action]}: ${h.decisionReason ?? ''}`}
        </Typography>
      ))}
      {r.messages && (
        <>
          <Typography variant="subtitle1">The conversation</Typography>
          {r.messages.map((m) => (
            <Typography key={m.id} variant="body2">
              <strong>{m.senderName}:</strong>{' '}
              {m.text ?? (m.photoUrl ? '[photo]' : m.offerKobo ? `[offer ₦${Number(m.offerKobo) / 100}]` : '')}
            </Typography>
          ))}
        </>
      )}
    </Stack>
  );
}

/** One report with every report on the same target (the history) and, for a chat, its messages. */
export default function ReportShow() {
  return (
    <Show title="Report">
      <SimpleShowLayout>
        <Detail />
      </SimpleShowLayout>
    </Show>
  );
}
