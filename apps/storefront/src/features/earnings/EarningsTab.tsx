import { formatNaira, koboToNaira, MIN_WITHDRAWAL_KOBO, type PayoutAccount, type Wallet, type WalletEntry } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { earningsApi } from '../../api/earnings';
import { useApiQuery } from '../../app/apiQuery';
import { useAppQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';
import { BankDetailsCard } from './BankDetailsCard';
import { StepUpCode, useStepUp } from './StepUp';

const naira = (kobo: string | number) => formatNaira(koboToNaira(Number(kobo)));
/** A movement's amount with its sign: "+₦36,100.00" in, "−₦36,100.00" out (formatNaira writes the minus). */
export const signedNaira = (kobo: string | number) => `${Number(kobo) > 0 ? '+' : ''}${naira(kobo)}`;
const BALANCE: Record<WalletEntry['account'], string> = {
  held: 'held',
  available: 'available',
  pendingPayout: 'to bank',
  owed: 'owed to Kasuwa',
};

/** The automatic daily payout switch: the whole available balance goes to the bank once a day (Lagos time) from ₦1,000. */
function AutoPayout({ account, onChange }: { account: PayoutAccount; onChange: (a: PayoutAccount) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async (enabled: boolean) => {
    setBusy(true);
    setError(null);
    try {
      onChange((await earningsApi.autoPayout(enabled)).data);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={account.autoPayout} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />}
        label="Automatic daily payout"
      />
      <Typography variant="body2" color="text.secondary">
        Once a day, everything available ({naira(MIN_WITHDRAWAL_KOBO)} or more) is sent to your bank.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

/** The seller's Earnings tab: held / available / paid out, Bank details, Withdraw, and every movement with its order. */
export default function EarningsTab() {
  const client = useAppQueryClient();
  const read = useApiQuery(queryKeys.earnings(), async () => {
    const [w, e, a] = await Promise.all([earningsApi.wallet(), earningsApi.entries(), earningsApi.account()]);
    return { wallet: w.data, entries: e.data, account: a.data };
  });
  const wallet: Wallet | null = read.data?.wallet ?? null;
  const entries: WalletEntry[] = read.data?.entries ?? [];
  const account: PayoutAccount | null | undefined = read.data ? read.data.account : undefined;
  // The bank details and the payout switch answer with the account as it now is.
  const setAccount = (next: PayoutAccount | null) =>
    client.setQueryData<{ wallet: Wallet; entries: WalletEntry[]; account: PayoutAccount | null }>(
      queryKeys.earnings(),
      (old) => old && { ...old, account: next },
    );
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const stepUp = useStepUp();

  const withdraw = async (e: FormEvent) => {
    e.preventDefault();
    const kobo = Math.round(Number(amount.replace(/[,\s₦]/g, '')) * 100);
    if (!Number.isSafeInteger(kobo) || kobo < MIN_WITHDRAWAL_KOBO) {
      setMessage({ ok: false, text: `Enter an amount in naira of at least ${naira(MIN_WITHDRAWAL_KOBO)}.` });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const sent = await stepUp.run((otp) => earningsApi.withdraw(kobo, otp));
      if (!sent) return;
      const p = sent.data;
      setMessage({ ok: true, text: `${naira(p.amount)} is on its way to your bank (${p.status}).` });
      setAmount('');
      await client.invalidateQueries({ queryKey: queryKeys.earnings() });
    } catch (err) {
      setMessage({ ok: false, text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  if (!wallet || account === undefined)
    return (
      <Typography sx={{ p: 2 }}>
        {message?.text ?? (read.query.isError ? 'Could not load your earnings.' : 'Loading your earnings…')}
      </Typography>
    );
  const figures: [string, string, string][] = [
    ['Held for buyers', wallet.held, 'Released when the buyer confirms, or 3 days after delivery'],
    ['Available', wallet.available, 'Yours to withdraw'],
    ['On the way to your bank', wallet.pendingPayout, ''],
    ['Paid out', wallet.paidOut, ''],
  ];
  return (
    <Stack spacing={3} sx={{ p: 2 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
        {figures.map(([label, kobo, hint]) => (
          <Box key={label} data-testid={`wallet-${label}`}>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h6" component="p">
              {naira(kobo)}
            </Typography>
            {hint && (
              <Typography variant="caption" color="text.secondary">
                {hint}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      {Number(wallet.owed) > 0 && (
        <Alert severity="warning">
          You owe Kasuwa {naira(wallet.owed)}: commission on your cash-on-delivery sales that your balance could not cover, or a withdrawal
          reported failed that reached your bank after all. It is taken from your available balance before your next withdrawal or payout.
        </Alert>
      )}
      <Divider />
      <BankDetailsCard account={account} onSaved={(a) => setAccount(a)} />
      <Divider />
      {account && <AutoPayout account={account} onChange={setAccount} />}
      <Stack component="form" spacing={1} onSubmit={(e) => void withdraw(e)} aria-label="Withdraw">
        <Typography variant="subtitle1" component="h3">
          Withdraw
        </Typography>
        {message && <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert>}
        {!account && <Alert severity="info">Add your bank details to withdraw.</Alert>}
        <StepUpCode stepUp={stepUp} busy={busy} />
        <Stack direction="row" spacing={1}>
          <TextField
            label="Amount (₦)"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              stepUp.reset();
            }}
            helperText={`Minimum ${naira(MIN_WITHDRAWAL_KOBO)}`}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            size="small"
          />
          <Button
            type="submit"
            variant="contained"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0, alignSelf: 'flex-start', mt: 0.25 }}
            disabled={
              busy ||
              !account ||
              Number(wallet.available) < MIN_WITHDRAWAL_KOBO ||
              (Boolean(stepUp.sentTo) && !/^\d{6}$/.test(stepUp.code.trim()))
            }
          >
            {stepUp.sentTo ? 'Confirm' : 'Withdraw'}
          </Button>
        </Stack>
      </Stack>
      <Divider />
      <Typography variant="subtitle1" component="h3">
        Money movements
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">Nothing yet: money from your paid orders shows here.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((e) => (
            <Box
              component="li"
              key={e.id}
              data-testid="money-movement"
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {e.label}
                {e.orderNumber ? ` · ${e.orderNumber}` : ''}
                <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {new Date(e.createdAt).toLocaleString('en-NG')} · {BALANCE[e.account]}
                </Typography>
              </Box>
              {/* An amount never wraps (a phone shows "−₦36,100.00" on one line); the text beside it does. */}
              <Typography
                component="span"
                sx={{
                  flexShrink: 0,
                  whiteSpace: 'nowrap',
                  fontVariantNumeric: 'tabular-nums',
                  color: Number(e.amount) < 0 ? 'text.secondary' : 'success.main',
                }}
              >
                {signedNaira(e.amount)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
