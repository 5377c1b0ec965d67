import { useState } from 'react';
import { DataTable, SelectInput, TextInput, required, FormDataConsumer } from 'react-admin';
import { Box, Button } from '@mui/material';
import { DISPUTE_REASON_LABELS, type Dispute } from '@kasuwa/contracts';
import { FormDialog } from '../../common/FormDialog';
import { useDialogWrite } from '../../common/useDialogWrite';
import { naira, when } from './money-format';
import { QueueList } from '../../common/BackOfficeList';
import { CanWrite } from '../../common/CanWrite';

const Col = DataTable.Col<Dispute>;
// At 1280 px the queue fits beside the menu: the two statements wrap within a bounded width instead of pushing the
// decision off the screen, and the decision column stays pinned to the right edge when a row is wider still.
const SAYS = () => ({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 150, maxWidth: 240 }) as const;
const PINNED = { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
const DECISION = (d: Dispute) => (d.status === 'open' ? { whiteSpace: 'nowrap' as const } : { minWidth: 160, maxWidth: 240 });
const DECISIONS = [
  { id: 'release', name: 'Release to the seller' },
  { id: 'refund', name: 'Refund the buyer in full' },
  { id: 'partial_refund', name: 'Refund part, release the rest' },
];

/**
 * The admin's decision, recorded with its reason in the order's history. No decision is chosen in advance: money moves
 * either way, so the admin picks one (a default would let an unread "Decide" release the money to the seller).
 */
function DecideDialog({ dispute, onClose }: { dispute: Dispute | null; onClose: () => void }) {
  const write = useDialogWrite();
  const save = async (values: Record<string, unknown>) => {
    const naira = String(values.amountNaira ?? '').trim();
    const data = {
      decision: values.decision,
      reason: String(values.reason ?? '').trim(),
      ...(values.decision === 'partial_refund' ? { amount: String(Math.round(Number(naira) * 100)) } : {}),
    };
    await write.update('disputes', dispute!, data, 'Dispute decided', onClose);
  };
  return (
    <FormDialog
      open={dispute !== null}
      title={`Decide dispute on ${dispute?.orderNumber ?? ''}`}
      submitLabel="Decide"
      defaultValues={{ decision: '', reason: '', amountNaira: '' }}
      choose={['decision']}
      onSubmit={save}
      onClose={onClose}
      failureText="Failed to decide the dispute"
    >
      <SelectInput source="decision" label="Decision" choices={DECISIONS} validate={required()} fullWidth />
      <FormDataConsumer>
        {({ formData }) =>
          formData.decision === 'partial_refund' && <TextInput source="amountNaira" label="Refund (₦)" validate={required()} fullWidth />
        }
      </FormDataConsumer>
      <TextInput source="reason" label="Reason (goes into the order history)" validate={required()} multiline minRows={3} fullWidth />
    </FormDialog>
  );
}

/** The buyer's evidence: thumbnails opening the large photo in a new tab. */
function EvidencePhotos({ dispute }: { dispute: Dispute }) {
  if (!dispute.photos?.length) return <>—</>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 120 }}>
      {dispute.photos.map((p, i) => (
        <a key={p.thumbnailUrl} href={p.imageUrl} target="_blank" rel="noreferrer">
          <Box
            component="img"
            src={p.thumbnailUrl}
            alt={`Evidence photo ${i + 1} of ${dispute.photos.length} for ${dispute.orderNumber}`}
            sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        </a>
      ))}
    </Box>
  );
}

/** /app.admin/disputes — the queue: the buyer's complaint, the seller's answer, and a decision. */
export default function DisputeList() {
  const [deciding, setDeciding] = useState<Dispute | null>(null);
  return (
    <>
      <QueueList<Dispute> title="Disputes" sort={{ field: 'id', order: 'DESC' }} errorTitle="Failed to fetch disputes.">
        <DataTable<Dispute> rowClick={false} bulkActionButtons={false}>
          <Col source="orderNumber" label="Order" />
          <Col source="orderTotal" label="Total" render={(d) => naira(d.orderTotal)} />
          <Col source="reason" label="Reason" render={(d) => DISPUTE_REASON_LABELS[d.reason]} />
          <Col source="text" label="Buyer says" cellSx={SAYS} />
          <Col label="Photos" render={(d) => <EvidencePhotos dispute={d} />} />
          <Col source="sellerReply" label="Seller says" cellSx={SAYS} />
          <Col source="createdAt" label="Opened" render={(d) => when(d.createdAt)} />
          <Col
            label="Decision"
            sx={PINNED}
            cellSx={DECISION}
            render={(d) =>
              d.status === 'open' ? (
                // Support reads disputes; only finance (and owners) decide them.
                <CanWrite resource="disputes" fallback="Open">
                  <Button size="small" variant="contained" onClick={() => setDeciding(d)}>
                    Decide
                  </Button>
                </CanWrite>
              ) : (
                `${d.decision}${d.decisionAmount ? ` ${naira(d.decisionAmount)}` : ''}: ${d.decisionReason ?? ''}`
              )
            }
          />
        </DataTable>
      </QueueList>
      <DecideDialog dispute={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
