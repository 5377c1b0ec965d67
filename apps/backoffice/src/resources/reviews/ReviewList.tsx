import { useState } from 'react';
import { DataTable, SelectInput, TextInput, required } from 'react-admin';
import { Button } from '@mui/material';
import type { AdminReview } from '@kasuwa/contracts';
import { FormDialog } from '../../common/FormDialog';
import { useDialogWrite } from '../../common/useDialogWrite';
import { BackOfficeList } from '../../common/BackOfficeList';
import { UserName } from '../../common/UserName';
import { CanWrite } from '../../common/CanWrite';

const Col = DataTable.Col<AdminReview>;

/** Hide or restore a review, with a reason kept in its history. */
function ModerateDialog({ review, onClose }: { review: AdminReview | null; onClose: () => void }) {
  const write = useDialogWrite();
  const save = async (values: Record<string, unknown>) => {
    await write.update(
      'reviews',
      review!,
      { hidden: !review!.hidden, reason: String(values.reason ?? '').trim() },
      review!.hidden ? 'Review restored' : 'Review hidden',
      onClose,
    );
  };
  return (
    <FormDialog
      open={review !== null}
      title={review?.hidden ? 'Restore review' : 'Hide review'}
      submitLabel={review?.hidden ? 'Restore' : 'Hide'}
      defaultValues={{ reason: '' }}
      onSubmit={save}
      onClose={onClose}
      failureText="Failed to save"
    >
      <TextInput source="reason" label="Reason (kept in the history)" validate={required()} multiline minRows={2} fullWidth />
    </FormDialog>
  );
}

/** /app.admin/reviews — every rating (hidden ones too) with its moderation history. */
export default function ReviewList() {
  const [moderating, setModerating] = useState<AdminReview | null>(null);
  return (
    <>
      <BackOfficeList<AdminReview>
        title="Reviews"
        sort={{ field: 'createdAt', order: 'DESC' }}
        filters={[
          <SelectInput
            key="hidden"
            source="hidden"
            choices={[
              { id: false, name: 'Shown' },
              { id: true, name: 'Hidden' },
            ]}
            alwaysOn
          />,
          <TextInput key="q" source="q" label="Text" alwaysOn />,
        ]}
        errorTitle="Failed to fetch reviews."
      >
        <DataTable<AdminReview> rowClick={false} bulkActionButtons={false}>
          <Col source="rating" label="Stars" render={(r) => '★'.repeat(r.rating)} />
          <Col source="text" label="Text" cellSx={() => ({ whiteSpace: 'pre-wrap', minWidth: 200 })} />
          <Col label="Buyer" render={(r) => r.buyer.fullName} />
          <Col source="sellerId" label="Seller">
            <UserName source="sellerId" />
          </Col>
          <Col source="reply" label="Seller reply" />
          <Col label="History" render={(r) => r.history.map((h) => `${h.action}: ${h.reason}`).join('; ')} />
          <Col
            label="Shown"
            render={(r) => (
              <CanWrite resource="reviews" fallback={r.hidden ? 'Hidden' : 'Shown'}>
                <Button size="small" variant={r.hidden ? 'outlined' : 'contained'} onClick={() => setModerating(r)}>
                  {r.hidden ? 'Restore' : 'Hide'}
                </Button>
              </CanWrite>
            )}
          />
        </DataTable>
      </BackOfficeList>
      <ModerateDialog review={moderating} onClose={() => setModerating(null)} />
    </>
  );
}
