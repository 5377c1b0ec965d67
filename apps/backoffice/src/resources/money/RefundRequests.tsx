import { useState } from 'react';
import { DataTable, List, TextInput } from 'react-admin';
import { Button, Stack, Typography } from '@mui/material';
import type { RefundRequest, RefundRequestDecision } from '@kasuwa/contracts';
import { FormDialog } from '../../common/FormDialog';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';
import { useDialogWrite } from '../../common/useDialogWrite';
import { naira, when } from './money-format';
import { CanWrite } from '../../common/CanWrite';

const Col = DataTable.Col<RefundRequest>;
type Deciding = { request: RefundRequest; decision: RefundRequestDecision } | null;

const STATUS_TEXT: Record<RefundRequest['status'], string> = { requested: 'Waiting', approved: 'Approved', declined: 'Declined' };

/** Approve (refunds what the order holds) or decline (the reason goes into the order's history and to the buyer); a reason either way. */
function DecideDialog({ deciding, onClose }: { deciding: Deciding; onClose: () => void }) {
  const write = useDialogWrite();
  const approve = deciding?.decision === 'approve';
  const save = async (values: Record<string, unknown>) => {
    const data = { decision: deciding!.decision, reason: String(values.reason ?? '').trim() };
    await write.update(
      'refund-requests',
      deciding!.request,
      data,
      approve ? 'Refund approved: sent to Paystack' : 'Refund request declined',
      onClose,
    );
  };
  // Both decisions need a reason: a refund is a money decision the audit log keeps with its reason.
  const validate = (v: unknown) =>
    String(v ?? '').trim().length >= 3 ? undefined : `A reason is required to ${approve ? 'approve' : 'decline'}`;
  return (
    <FormDialog
      open={deciding !== null}
      title={`${approve ? 'Approve' : 'Decline'} the refund of ${deciding?.request.orderNumber ?? ''}`}
      submitLabel={approve ? `Refund ${naira(deciding?.request.held)}` : 'Decline'}
      defaultValues={{ reason: '' }}
      onSubmit={save}
      onClose={onClose}
      failureText="Failed to decide the refund request"
    >
      <TextInput
        source="reason"
        label={approve ? 'Reason (goes into the order history)' : 'Reason (goes into the order history and to the buyer)'}
        validate={validate}
        multiline
        minRows={3}
        fullWidth
      />
    </FormDialog>
  );
}

function Decision({ request, onDecide }: { request: RefundRequest; onDecide: (d: Deciding) => void }) {
  if (request.status !== 'requested') {
    const refund = request.refundStatus ? ` · refund ${request.refundStatus}` : '';
    return <>{`${STATUS_TEXT[request.status]}${refund}${request.decisionReason ? `: ${request.decisionReason}` : ''}`}</>;
  }
  return (
    <CanWrite resource="refund-requests" fallback={STATUS_TEXT.requested}>
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="contained" onClick={() => onDecide({ request, decision: 'approve' })}>
          Approve
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={() => onDecide({ request, decision: 'decline' })}>
          Decline
        </Button>
      </Stack>
    </CanWrite>
  );
}

/** The Refunds screen's first part: buyers' rejections of paid orders, waiting for an admin or decided (newest first). */
export function RefundRequests() {
  const [deciding, setDeciding] = useState<Deciding>(null);
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Refund requests
      </Typography>
      <List<RefundRequest>
        resource="refund-requests"
        title={false}
        disableSyncWithLocation
        storeKey={false}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        exporter={false}
        actions={false}
        empty={<Typography sx={{ py: 2, color: 'text.secondary' }}>No refund requests yet.</Typography>}
        pagination={<ListPagination />}
        error={<ListError title="Failed to fetch refund requests." />}
      >
        <DataTable<RefundRequest> rowClick={false} bulkActionButtons={false}>
          <Col source="orderNumber" label="Order" />
          <Col source="orderTotal" label="Total" render={(r) => naira(r.orderTotal)} />
          <Col source="held" label="Held" render={(r) => naira(r.held)} />
          <Col source="reason" label="Buyer says" cellSx={() => ({ whiteSpace: 'pre-wrap', minWidth: 160 })} />
          <Col source="createdAt" label="Asked" render={(r) => when(r.createdAt)} />
          <Col source="status" label="Status" render={(r) => <Decision request={r} onDecide={setDeciding} />} />
        </DataTable>
      </List>
      <DecideDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
