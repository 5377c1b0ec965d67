import { formatNaira, koboToNaira, nairaToKobo, type ChatMessage } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { BusyDialog, BusyDialogActions } from '../layout/BusyDialog';

/** The least an offer may be (the API's floor, ₦1). */
const MIN_KOBO = 100;

/**
 * What a buyer types as naira ("45,000", "₦45 000", "45000.50") in kobo, or why it is not an amount. Grouping commas
 * and spaces are how Nigerians write prices, so they are allowed; anything else is refused rather than guessed.
 */
export function parseOffer(text: string, listKobo: number): { kobo: number } | { error: string } {
  const plain = text.replace(/[₦\s]/g, '').replace(/^NGN/i, '');
  if (!plain) return { error: 'Enter your offer in naira.' };
  if (!/^\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(plain)) return { error: 'Enter an amount in naira, like 45,000.' };
  const kobo = nairaToKobo(plain.replace(/,/g, ''));
  if (kobo < MIN_KOBO) return { error: `The least you can offer is ${formatNaira(koboToNaira(MIN_KOBO))}.` };
  // The API refuses an offer at or above the listed price: buying at the listed price needs no offer.
  if (kobo >= listKobo) return { error: `Offer less than the listed price of ${formatNaira(koboToNaira(listKobo))}.` };
  return { kobo };
}

/** The line under an offer in the chat, for either side. */
export function offerStatusText(status: ChatMessage['offerStatus']): string {
  if (status === 'pending') return 'Waiting for the seller';
  if (status === 'accepted') return 'Accepted — this is your price in the cart and at checkout';
  if (status === 'replaced') return 'Replaced by a newer offer';
  return 'Declined';
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** The listing's price now, kobo. */
  listKobo: number;
  /** The buyer's offer still waiting for the seller, kobo: the new one replaces it. */
  openOfferKobo: number | null;
  /** Sends the offer; resolves true when it was taken (the dialog closes), false when the API refused it (already toasted). */
  onSubmit: (kobo: number) => Promise<boolean>;
}

/**
 * Make an offer (a buyer, per item): one naira field with the listed price beside it, checked as typed on submit.
 * One open offer per buyer and listing: a new offer replaces the one still waiting, and the dialog says so first.
 */
export default function OfferDialog({ open, onClose, listKobo, openOfferKobo, onSubmit }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listed = formatNaira(koboToNaira(listKobo));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = parseOffer(text, listKobo);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    setBusy(true);
    const sent = await onSubmit(parsed.kobo).catch(() => false);
    setBusy(false);
    if (sent) {
      setText('');
      onClose();
    }
  };

  return (
    <BusyDialog
      open={open}
      busy={busy}
      onClose={onClose}
      maxWidth="xs"
      aria-labelledby="offer-title"
      aria-describedby="offer-description"
      phoneWide
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="offer-title">Make an offer</DialogTitle>
        <DialogContent>
          <DialogContentText id="offer-description" sx={{ mb: 2 }}>
            Listed at {listed} per item. If the seller accepts, your price shows in your cart and is what you pay at checkout.
          </DialogContentText>
          {openOfferKobo !== null && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Your offer of {formatNaira(koboToNaira(openOfferKobo))} is still waiting. A new offer replaces it.
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            label="Your offer per item"
            name="offer"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? 'In naira, e.g. 45,000'}
            disabled={busy}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">₦</InputAdornment> },
              htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 20 },
            }}
          />
        </DialogContent>
        <BusyDialogActions busy={busy} onClose={onClose}>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending…' : 'Send offer'}
          </Button>
        </BusyDialogActions>
      </form>
    </BusyDialog>
  );
}
