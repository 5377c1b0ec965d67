import type { Bank } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { earningsApi } from '../../api/earnings';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';

/**
 * A Nigerian bank account as Kasuwa takes one (payout accounts, refund accounts): the bank from Paystack's list and the
 * 10-digit NUBAN; the holder's name comes from the bank and is shown to confirm before `onConfirm` (the server
 * resolves it again and never trusts a name from here).
 */
export function BankAccountForm(props: {
  heading: string;
  intro?: ReactNode;
  confirmLabel: string;
  initial?: { bankCode: string; accountNumber: string };
  /** Done: true/void; false keeps the confirmation open (e.g. a step-up code was just sent and must be typed). */
  onConfirm: (bankCode: string, accountNumber: string) => Promise<boolean | void>;
  /** Shown above the confirm button (a step-up code field), and whether the button waits for it. */
  confirmExtra?: (busy: boolean) => ReactNode;
  confirmDisabled?: boolean;
  /** The bank or number changed, or the name was not the right one: what was confirmed no longer holds. */
  onEdit?: () => void;
  footer?: ReactNode;
}) {
  // The banks are a fixed list: kept for the visit.
  const banksRead = useApiQuery(queryKeys.banks(), async () => (await earningsApi.banks()).data, { gcTime: Infinity });
  const banks: Bank[] = banksRead.data ?? [];
  const [bankCode, setBankCode] = useState(props.initial?.bankCode ?? '');
  const [number, setNumber] = useState(props.initial?.accountNumber ?? '');
  const [resolved, setResolved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = `${props.heading.toLowerCase().replace(/\W+/g, '-')}-heading`;

  const shownError = error ?? (banksRead.error ? 'Could not load the list of banks.' : null);

  const digits = number.replace(/\s/g, '');
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const check = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => setResolved((await earningsApi.resolve(bankCode, digits)).accountName));
  };
  const confirm = () =>
    run(async () => {
      if ((await props.onConfirm(bankCode, digits)) !== false) setResolved(null);
    });
  const edited = () => {
    setResolved(null);
    props.onEdit?.();
  };

  return (
    <Stack component="form" spacing={2} onSubmit={check} aria-labelledby={headingId}>
      <Typography variant="subtitle1" component="h3" id={headingId}>
        {props.heading}
      </Typography>
      {props.intro}
      {shownError && <Alert severity="error">{shownError}</Alert>}
      <TextField
        select
        label="Bank"
        value={bankCode}
        onChange={(e) => {
          setBankCode(e.target.value);
          edited();
        }}
        required
        slotProps={{ select: { native: true } }}
      >
        <option value="" disabled />
        {banks.map((b) => (
          <option key={b.code} value={b.code}>
            {b.name}
          </option>
        ))}
      </TextField>
      <TextField
        label="Account number"
        value={number}
        onChange={(e) => {
          setNumber(e.target.value);
          edited();
        }}
        required
        helperText="Your 10-digit NUBAN"
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '\\s*(\\d\\s*){10}', maxLength: 13, autoComplete: 'off' } }}
      />
      {resolved ? (
        <Stack spacing={1}>
          <Alert severity="success">
            Account name: <strong>{resolved}</strong>. Is this you?
          </Alert>
          {props.confirmExtra?.(busy)}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void confirm()} disabled={busy || props.confirmDisabled}>
              {props.confirmLabel}
            </Button>
            <Button onClick={edited} disabled={busy} color="inherit">
              No
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Button type="submit" variant="contained" disabled={busy || !bankCode || !/^\d{10}$/.test(digits)} sx={{ alignSelf: 'flex-start' }}>
          Check account
        </Button>
      )}
      {props.footer}
    </Stack>
  );
}
