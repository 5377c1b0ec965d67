import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, type ReportTargetType } from '@kasuwa/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { trustApi } from '../../api/trust';
import { toast } from '../../app/toast';

/** Report a listing, a user or a conversation: a reason and a few words; an admin decides and tells the reporter. */
export default function ReportDialog(props: { targetType: ReportTargetType; targetId: number; title: string; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason) return;
    setBusy(true);
    try {
      const res = await trustApi.report({ targetType: props.targetType, targetId: props.targetId, reason, text: text.trim() || undefined });
      toast.success(res.message);
      props.onClose();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="report-title">
      <DialogTitle id="report-title">{props.title}</DialogTitle>
      <DialogContent>
        <RadioGroup aria-label="Reason" value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
          {REPORT_REASONS.map((r) => (
            <FormControlLabel key={r} value={r} control={<Radio />} label={REPORT_REASON_LABELS[r]} />
          ))}
        </RadioGroup>
        <TextField
          label="What happened? (optional)"
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!reason || busy}>
          Send report
        </Button>
      </DialogActions>
    </Dialog>
  );
}
