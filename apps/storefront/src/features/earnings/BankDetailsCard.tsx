import type { Bank, PayoutAccount } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { earningsApi } from '../../api/earnings';
import { StepUpCode, useStepUp } from './StepUp';

/**
 * Bank Details: the bank from Paystack's list and the 10-digit NUBAN; the account name comes from the bank and is
 * shown to confirm before saving (the server resolves it again), then a step-up code by SMS approves it. A change
 * pauses payouts for 24 hours. The profile's "Add Bank Details" dialog is this same form: one place for bank details.
 */
export function BankDetailsCard({ account, onSaved, startEditing = false }: { account: PayoutAccount | null; onSaved: (a: PayoutAccount) => void; startEditing?: boolean }) {
  const [banks, setBanks] = useState<Bank[]>([]);
  const [bankCode, setBankCode] = useState(account?.bankCode ?? '');
  const [number, setNumber] = useState(account?.accountNumber ?? '');
  const [resolved, setResolved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(!account || startEditing);
  const stepUp = useStepUp();
  const codeTyped = /^\d{6}$/.test(stepUp.code.replace(/\s/g, ''));

  useEffect(() => {
    earningsApi.banks().then((r) => setBanks(r.data), () => setError('Could not load the list of banks.'));
  }, []);

  const digits = number.replace(/\s/g, '');
  const check = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setResolved((await earningsApi.resolve(bankCode, digits)).accountName);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await stepUp.run((otp) => earningsApi.save(bankCode, digits, otp));
      if (!saved) return;
      onSaved(saved.data);
      setEditing(false);
      setResolved(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (account && !editing) {
    return (
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h3">
          Bank details
        </Typography>
        <Typography>
          {account.accountName} · {account.bankName} · ••••{account.accountNumber.slice(-4)}
        </Typography>
        {account.payoutsHoldUntil && new Date(account.payoutsHoldUntil) > new Date() && (
          <Alert severity="info">Your bank details changed: payouts resume {new Date(account.payoutsHoldUntil).toLocaleString('en-NG')}.</Alert>
        )}
        <Button variant="outlined" onClick={() => setEditing(true)} sx={{ alignSelf: 'flex-start' }}>
          Change bank details
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" spacing={2} onSubmit={check} aria-labelledby="bank-details-heading">
      <Typography variant="subtitle1" component="h3" id="bank-details-heading">
        Bank details
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        select
        label="Bank"
        value={bankCode}
        onChange={(e) => {
          setBankCode(e.target.value);
          setResolved(null);
          stepUp.reset();
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
          setResolved(null);
          stepUp.reset();
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
          <StepUpCode stepUp={stepUp} busy={busy} />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={confirm} disabled={busy || (Boolean(stepUp.sentTo) && !codeTyped)}>
              {stepUp.sentTo ? 'Confirm with code' : 'Yes, save'}
            </Button>
            <Button
              onClick={() => {
                setResolved(null);
                stepUp.reset();
              }}
              disabled={busy}
              color="inherit"
            >
              No
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Button type="submit" variant="contained" disabled={busy || !bankCode || !/^\d{10}$/.test(digits)} sx={{ alignSelf: 'flex-start' }}>
          Check account
        </Button>
      )}
      {account && (
        <Button onClick={() => setEditing(false)} color="inherit" sx={{ alignSelf: 'flex-start' }}>
          Keep {account.bankName} ••••{account.accountNumber.slice(-4)}
        </Button>
      )}
    </Stack>
  );
}
