import type { Review } from '@kasuwa/contracts';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { trustApi } from '../../api/trust';
import { toast } from '../../app/toast';
import { StarPicker } from './StarPicker';

/** On a completed order, its buyer rates the seller once (1–5 stars and a few words); then the rating is shown. */
export default function RateSeller({ orderId }: { orderId: number }) {
  const [review, setReview] = useState<Review | null | undefined>(undefined);
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    trustApi.orderReview(orderId).then(
      (r) => setReview(r.data),
      () => setReview(null),
    );
  }, [orderId]);
  if (review === undefined) return null;
  const submit = async () => {
    if (!stars) return;
    setBusy(true);
    try {
      const res = await trustApi.rate(orderId, stars, text.trim());
      setReview(res.data);
      toast.success(res.message);
    } catch {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="rate-title">
      <Typography id="rate-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {review ? 'Your rating of the seller' : 'Rate the seller'}
      </Typography>
      {review ? (
        <>
          <Rating value={review.rating} readOnly />
          {review.text && <Typography>{review.text}</Typography>}
        </>
      ) : (
        <>
          <StarPicker value={stars} onChange={setStars} />
          <TextField
            label="A few words (optional)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Button variant="contained" onClick={() => void submit()} disabled={!stars || busy}>
            Submit rating
          </Button>
        </>
      )}
    </Paper>
  );
}
