import { DataTable, TextInput, maxLength, required } from 'react-admin';
import { Stack, Typography } from '@mui/material';
import { formatStamp, type Commission } from '@kasuwa/contracts';
import { DialogList, RowActions, useDialogSave, type DialogState } from '../../common/DialogList';
import { EmptyState } from '../../common/EmptyState';
import { FormDialog } from '../../common/FormDialog';

/** Columns typed with the row, so render functions get a Commission. */
const Col = DataTable.Col<Commission>;

const empty = <EmptyState text="No commissions found" hint="The first note is shown on the product form as the seller's agreement." />;

function Actions({ commission, onEdit }: { commission: Commission; onEdit: (c: Commission) => void }) {
  return (
    <RowActions
      record={commission}
      editLabel={`Edit commission note ${commission.id}`}
      onEdit={onEdit}
      remove={{
        resource: 'commissions',
        name: `commission note ${commission.id}`,
        title: 'Delete commission note?',
        confirmText: 'Are you sure you want to delete this commission?',
        successText: 'Commission deleted',
        failureText: 'Failed to delete commission. Please try again.',
        fixedFailureText: true,
      }}
    />
  );
}

const noteSx = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
const nowrap = () => ({ whiteSpace: 'nowrap' });

function CommissionDialog({ state, onClose }: { state: DialogState<Commission>; onClose: () => void }) {
  const save = useDialogSave<Commission>('commissions', { created: 'Commission added', updated: 'Commission updated' });
  const editing = state?.mode === 'edit' ? state.record : undefined;
  return (
    <FormDialog
      open={state !== null}
      title={editing ? 'Edit commission' : 'Add commission'}
      submitLabel={editing ? 'Save' : 'Add'}
      defaultValues={{ note: editing?.note ?? '' }}
      onSubmit={(values) => save(editing, { note: String(values.note ?? '').trim() }, onClose)}
      onClose={onClose}
      failureText={editing ? 'Failed to update commission' : 'Failed to add commission'}
    >
      <TextInput
        source="note"
        label="Note"
        validate={[required('Note is required'), maxLength(2000)]}
        multiline
        minRows={4}
        fullWidth
        autoFocus
        helperText="Sellers agree to the first note when they post a listing."
      />
    </FormDialog>
  );
}

/** /app.admin/commissions — Note, Created At, Updated At, Actions; add and edit in a modal. */
export default function CommissionList() {
  return (
    <DialogList<Commission>
      title="Commissions"
      addLabel="Add commission"
      errorTitle="Failed to fetch commissions."
      perPage={10}
      sort={{ field: 'createdAt', order: 'ASC' }}
      empty={empty}
      // Phones: the note in full with its dates and actions underneath.
      card={(commission, onEdit) => (
        <Stack spacing={1} sx={{ p: 2 }}>
          <Typography variant="body2" sx={noteSx}>
            {commission.note}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Created {formatStamp(commission.createdAt)} · Updated {formatStamp(commission.updatedAt)}
            </Typography>
            <Actions commission={commission} onEdit={onEdit} />
          </Stack>
        </Stack>
      )}
      desktop={(onEdit) => (
        <DataTable<Commission> rowClick={false} bulkActionButtons={false} empty={empty}>
          <Col source="note" label="Note" cellSx={() => ({ ...noteSx, minWidth: 240 })} />
          <Col source="createdAt" label="Created At" render={(c) => formatStamp(c.createdAt)} cellSx={nowrap} />
          <Col source="updatedAt" label="Updated At" render={(c) => formatStamp(c.updatedAt)} cellSx={nowrap} />
          <Col label="Actions" render={(c) => <Actions commission={c} onEdit={onEdit} />} />
        </DataTable>
      )}
      dialog={(state, close) => <CommissionDialog state={state} onClose={close} />}
    />
  );
}
