import { useState } from 'react';
import { SelectInput, TextInput, required, useNotify, usePermissions, useRefresh } from 'react-admin';
import { Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { formatShortDate, RISK_RULE_LABELS, RISK_RULES, type AdminSelf, type RiskSignal } from '@kasuwa/contracts';
import { FormDialog } from '../../common/FormDialog';
import { GridList } from '../../common/GridList';
import { useAdminApi } from '../../common/useAdminApi';

const EMPTY_TEXT = 'No risk signals found';
const EMPTY_HINT = 'Try adjusting your filters';

const HOLD_TEXT: Record<RiskSignal['hold'], string> = { withdrawal: 'Withdrawals held', listing: 'Listing held', none: 'Nothing held' };
const STATE_TEXT: Record<RiskSignal['state'], string> = { open: 'Open', cleared: 'Cleared', confirmed: 'Confirmed' };
/** What each button does to what the signal holds (the dialog says it before the admin decides). */
const EFFECT: Record<'clear' | 'confirm', Record<RiskSignal['hold'], string>> = {
  clear: { withdrawal: 'The seller can withdraw again.', listing: 'The listing goes back on sale.', none: 'The signal is closed.' },
  confirm: {
    withdrawal: 'Withdrawals stay held until the signal is cleared.',
    listing: 'The listing is blocked; its seller reads your reason.',
    none: 'The signal is marked as checked.',
  },
};

type Action = 'clear' | 'confirm';
type Deciding = { signal: RiskSignal; action: Action } | null;

/** Who decides: finance withdrawal holds, moderators the rest, owner all (the API checks the same: RISK_DECIDER). */
export const canDecide = (role: AdminSelf['role'] | undefined, s: RiskSignal) => role === 'owner' || role === s.decider;

const targetText = (s: RiskSignal) => (s.targetType === 'product' ? `Listing #${s.targetId}` : `User #${s.targetId}`);

function DecideDialog({ deciding, onClose }: { deciding: Deciding; onClose: () => void }) {
  const api = useAdminApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const action = deciding?.action ?? 'clear';
  const save = async (values: Record<string, unknown>) => {
    await api('POST', `/admin/risk-signals/${deciding!.signal.id}/${action}`, { reason: String(values.reason ?? '').trim() });
    notify(action === 'clear' ? 'Signal cleared' : 'Signal confirmed', { type: 'success' });
    onClose();
    refresh();
  };
  return (
    <FormDialog
      open={deciding !== null}
      title={`${action === 'clear' ? 'Clear' : 'Confirm'}: ${deciding ? RISK_RULE_LABELS[deciding.signal.rule] : ''}`}
      submitLabel={action === 'clear' ? 'Clear' : 'Confirm'}
      defaultValues={{ reason: '' }}
      onSubmit={save}
      onClose={onClose}
      failureText="Failed to decide the signal"
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {deciding && EFFECT[action][deciding.signal.hold]}
      </Typography>
      <TextInput source="reason" label="Reason (kept in the audit log)" validate={required()} multiline minRows={3} fullWidth />
    </FormDialog>
  );
}

/** Clear / Confirm for an open signal the admin's role decides; nothing for others; the decision once made. */
function Decision({
  signal,
  role,
  onDecide,
}: {
  signal: RiskSignal;
  role: AdminSelf['role'] | undefined;
  onDecide: (d: Deciding) => void;
}) {
  if (signal.state !== 'open' && !(signal.state === 'confirmed' && signal.hold === 'withdrawal')) {
    return (
      <Typography variant="body2">{`${STATE_TEXT[signal.state]}${signal.decisionReason ? `: ${signal.decisionReason}` : ''}`}</Typography>
    );
  }
  if (!canDecide(role, signal)) return <Typography variant="body2">{`${STATE_TEXT[signal.state]} · for ${signal.decider}`}</Typography>;
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant="contained"
        onClick={() => onDecide({ signal, action: 'clear' })}
        aria-label={`Clear signal ${signal.id}`}
      >
        Clear
      </Button>
      {signal.state === 'open' && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={() => onDecide({ signal, action: 'confirm' })}
          aria-label={`Confirm signal ${signal.id}`}
        >
          Confirm
        </Button>
      )}
    </Stack>
  );
}

const filters = [
  <SelectInput key="rule" source="rule" label="Rule" choices={RISK_RULES.map((id) => ({ id, name: RISK_RULE_LABELS[id] }))} alwaysOn />,
  <SelectInput
    key="state"
    source="state"
    label="State"
    choices={Object.entries(STATE_TEXT).map(([id, name]) => ({ id, name }))}
    alwaysOn
  />,
];

/**
 * /app.admin/risk-signals — the risk queue: each rule that fired, on whom, why, what it holds, and the decision. Finance
 * clears or confirms withdrawal holds, moderators listing holds and the signals that hold nothing; the buttons show
 * only to the role that decides (the API refuses the rest with ROLE_FORBIDDEN).
 */
export default function RiskSignalList() {
  const [deciding, setDeciding] = useState<Deciding>(null);
  const { permissions } = usePermissions<AdminSelf>();
  const role = permissions?.role;
  const columns: GridColDef<RiskSignal>[] = [
    { field: 'createdAt', headerName: 'Raised', width: 120, filterable: false, valueFormatter: (_v, s) => formatShortDate(s.createdAt) },
    { field: 'rule', headerName: 'Rule', flex: 1, minWidth: 180, filterable: false, valueFormatter: (_v, s) => RISK_RULE_LABELS[s.rule] },
    { field: 'target', headerName: 'Target', width: 120, sortable: false, filterable: false, valueGetter: (_v, s) => targetText(s) },
    {
      field: 'userEmail',
      headerName: 'Person',
      flex: 1,
      minWidth: 160,
      sortable: false,
      filterable: false,
      valueGetter: (_v, s) => s.userEmail ?? `#${s.userId}`,
    },
    { field: 'hold', headerName: 'Holds', width: 130, sortable: false, filterable: false, valueFormatter: (_v, s) => HOLD_TEXT[s.hold] },
    {
      field: 'state',
      headerName: 'Decision',
      width: 190,
      filterable: false,
      renderCell: ({ row }) => <Decision signal={row} role={role} onDecide={setDeciding} />,
    },
    { field: 'reason', headerName: 'Reason', flex: 2, minWidth: 220, sortable: false, filterable: false },
  ];
  return (
    <>
      <GridList<RiskSignal>
        label="Risk"
        perPage={25}
        errorTitle="Failed to fetch risk signals"
        emptyText={EMPTY_TEXT}
        emptyHint={EMPTY_HINT}
        columns={columns}
        filters={filters}
        onRowClick={() => undefined}
        card={(s) => (
          <Stack spacing={0.5} sx={{ p: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>{RISK_RULE_LABELS[s.rule]}</Typography>
            <Typography variant="body2">
              {targetText(s)} · {s.userEmail ?? `#${s.userId}`} · {HOLD_TEXT[s.hold]}
            </Typography>
            <Typography variant="body2">{s.reason}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {formatShortDate(s.createdAt)}
            </Typography>
            <Decision signal={s} role={role} onDecide={setDeciding} />
          </Stack>
        )}
      />
      <DecideDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
