import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCallback, useState } from 'react';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/errors';

export interface StepUp {
  /** Where the code went ("your phone ending 4567"), while one is awaited; null otherwise. */
  sentTo: string | null;
  code: string;
  setCode: (code: string) => void;
  error: string | null;
  /**
   * Runs a money move with the code typed so far. When the server asks for a step-up (STEP_UP_REQUIRED) it texts a
   * code and answers undefined: the user types it and runs the move again. A wrong code also answers undefined, with
   * `error` saying so. Any other failure is thrown to the caller.
   */
  run: <T>(move: (otp?: string) => Promise<T>) => Promise<T | undefined>;
  resend: () => Promise<void>;
  reset: () => void;
}

/** Rule "step-up before money moves", on the phone: a fresh SMS code approves a payout account or a withdrawal. */
export function useStepUp(): StepUp {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const resend = useCallback(async () => {
    setError(null);
    setCode('');
    try {
      const sent = await authApi.stepUp();
      setSentTo(sent.message);
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);

  const reset = useCallback(() => {
    setSentTo(null);
    setCode('');
    setError(null);
  }, []);

  const run = useCallback(
    async <T,>(move: (otp?: string) => Promise<T>): Promise<T | undefined> => {
      setError(null);
      try {
        const done = await move(sentTo && code ? code.replace(/\s/g, '') : undefined);
        reset();
        return done;
      } catch (err) {
        const failure = err instanceof ApiError ? err.code : null;
        if (failure === 'STEP_UP_REQUIRED') {
          await resend();
          return undefined;
        }
        if (failure === 'PHONE_CODE_INVALID' && sentTo) {
          setError(err instanceof Error ? err.message : 'That code is wrong or has expired.');
          setCode('');
          return undefined;
        }
        throw err;
      }
    },
    [code, sentTo, reset, resend],
  );

  return { sentTo, code, setCode, error, run, resend, reset };
}

/** The code box shown once a step-up code was sent; the form's own button submits it. */
export function StepUpCode({ stepUp, busy }: { stepUp: StepUp; busy: boolean }) {
  if (!stepUp.sentTo && !stepUp.error) return null;
  return (
    <Stack spacing={1}>
      {stepUp.sentTo && (
        <Alert severity="info">{stepUp.sentTo} Enter it to confirm: it keeps your money safe if someone else gets into your account.</Alert>
      )}
      {stepUp.error && <Alert severity="error">{stepUp.error}</Alert>}
      {stepUp.sentTo && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="SMS code"
            name="otp"
            value={stepUp.code}
            onChange={(e) => stepUp.setCode(e.target.value)}
            required
            size="small"
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '\\s*(\\d\\s*){6}', maxLength: 7 } }}
          />
          <Button onClick={() => void stepUp.resend()} disabled={busy} color="inherit" sx={{ whiteSpace: 'nowrap' }}>
            Send a new code
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
