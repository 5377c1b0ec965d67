import type { Review } from '@kasuwa/contracts';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { trustApi } from '../../api/trust';
import { useApiMutation, useApiQuery } from '../../app/apiQuery';
import { useAppQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';
import { toast } from '../../app/toast';
import { StarPicker } from './StarPicker';

/** On a completed order, its buyer rates the seller once (1–5 stars and a few words); then the rating is shown. */
export default function RateSeller({ orderId }: { orderId: number }) {
  const client = useAppQueryClient();
  // No rating yet, or it could not be read: the form (undefined: still asking, nothing shown).
  const { data, query } = useApiQuery(queryKeys.orderReview(orderId), async () => (await trustApi.orderReview(orderId)).data);
  const review: Review | null | undefined = data !== undefined ? data : query.isError ? null : undefined;
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  // The server's text toasts a failure (the central handler); the form stays for another try.
  const rate = useApiMutation((rating: number) => trustApi.rate(orderId, rating, text.trim()), {
    onSuccess: (res) => {
      client.setQueryData(queryKeys.orderReview(orderId), res.data);
      toast.success(res.message);
    },
  });
  const busy = rate.isPending;
  if (review === undefined) return null;
  const submit = () => {
    if (stars) rate.mutate(stars);
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
          <Button variant="contained" onClick={submit} disabled={!stars || busy}>
            Submit rating
          </Button>
        </>
      )}
    </Paper>
  );
}
