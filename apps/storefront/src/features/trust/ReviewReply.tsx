import { REVIEW_TEXT_MAX, type Review } from '@kasuwa/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { trustApi } from '../../api/trust';
import { toast } from '../../app/toast';

/** The seller answers a rating of theirs, once and in public (POST /api/reviews/{id}/reply). */
export default function ReviewReply({ review, onReplied }: { review: Review; onReplied: (next: Review) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <Button size="small" onClick={() => setOpen(true)} sx={{ mt: 0.5 }}>
        Reply to {review.buyer.fullName}
      </Button>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Write a reply');
    setBusy(true);
    setError(null);
    try {
      const res = await trustApi.replyToReview(review.id, text.trim());
      toast.success(res.message);
      onReplied(res.data);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'Your reply was not posted');
      setBusy(false);
    }
  };
  return (
    <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={1} sx={{ mt: 1 }}>
      <TextField
        label="Your public reply"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'Everyone who visits your shop sees it; you can reply once.'}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: REVIEW_TEXT_MAX } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="small" disabled={busy}>
          Post reply
        </Button>
        <Button size="small" color="inherit" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
