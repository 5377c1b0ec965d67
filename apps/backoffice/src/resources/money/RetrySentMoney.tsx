import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { Typography } from '@mui/material';
import { CanWrite } from '../../common/CanWrite';

/** A refund or payout row as far as retrying it goes. */
export interface SentMoney {
  id: number;
  status: string;
  retriedAs: number | null;
}

/**
 * Retry for a failed refund or payout: one click, one new refund or transfer. The button is disabled while the
 * request is in flight, and the API answers a second retry of the same failure with 409 (it remembers the retry);
 * once retried, the row says which one replaced it instead of offering the button again.
 */
export function RetrySentMoney({
  resource,
  record,
  retryable,
  label,
}: {
  resource: 'refunds' | 'payouts';
  record: SentMoney;
  retryable: readonly string[];
  label: string;
}) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (record.retriedAs) {
    return (
      <Typography variant="body2" color="text.secondary">
        Retried as #{record.retriedAs}
      </Typography>
    );
  }
  if (!retryable.includes(record.status)) return null;
  const retry = async () => {
    setBusy(true);
    try {
      await dataProvider.create(`${resource}/${record.id}/retry`, { data: {} });
      notify(label, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    setBusy(false);
    refresh();
  };
  return (
    <CanWrite resource={resource}>
      <Button label="Retry" onClick={() => void retry()} disabled={busy} />
    </CanWrite>
  );
}
