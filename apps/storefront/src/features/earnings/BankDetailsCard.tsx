import type { PayoutAccount } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { earningsApi } from '../../api/earnings';
import { BankAccountForm } from './BankAccountForm';
import { StepUpCode, useStepUp } from './StepUp';

/**
 * Bank Details: the bank from Paystack's list and the 10-digit NUBAN; the account name comes from the bank and is
 * shown to confirm before saving (the server resolves it again), then a step-up code by SMS approves it. A change
 * pauses payouts for 24 hours. The profile's "Add Bank Details" dialog is this same form: one place for bank details.
 */
export function BankDetailsCard({
  account,
  onSaved,
  startEditing = false,
}: {
  account: PayoutAccount | null;
  onSaved: (a: PayoutAccount) => void;
  startEditing?: boolean;
}) {
  const [editing, setEditing] = useState(!account || startEditing);
  const stepUp = useStepUp();
  const codeTyped = /^\d{6}$/.test(stepUp.code.replace(/\s/g, ''));

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
          <Alert severity="info">
            Your bank details changed: payouts resume {new Date(account.payoutsHoldUntil).toLocaleString('en-NG')}.
          </Alert>
        )}
        <Button variant="outlined" onClick={() => setEditing(true)} sx={{ alignSelf: 'flex-start' }}>
          Change bank details
        </Button>
      </Stack>
    );
  }
  return (
    <BankAccountForm
      heading="Bank details"
      initial={account ? { bankCode: account.bankCode, accountNumber: account.accountNumber } : undefined}
      confirmLabel={stepUp.sentTo ? 'Confirm with code' : 'Yes, save'}
      confirmExtra={(busy) => <StepUpCode stepUp={stepUp} busy={busy} />}
      confirmDisabled={Boolean(stepUp.sentTo) && !codeTyped}
      onEdit={stepUp.reset}
      onConfirm={async (bankCode, accountNumber) => {
        const saved = await stepUp.run((otp) => earningsApi.save(bankCode, accountNumber, otp));
        if (!saved) return false;
        onSaved(saved.data);
        setEditing(false);
        return true;
      }}
      footer={
        account && (
          <Button onClick={() => setEditing(false)} color="inherit" sx={{ alignSelf: 'flex-start' }}>
            Keep {account.bankName} ••••{account.accountNumber.slice(-4)}
          </Button>
        )
      }
    />
  );
}
