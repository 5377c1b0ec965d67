import { useState } from 'react';
import { DataTable, List, NumberInput, ReferenceInput, AutocompleteInput, TopToolbar, required, minValue, maxValue } from 'react-admin';
import { Button, IconButton, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import type { CommissionRate } from '@kasuwa/contracts';
import { ConfirmDeleteButton } from '../../common/ConfirmDeleteButton';
import { FormDialog } from '../../common/FormDialog';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';
import { useDialogWrite } from '../../common/useDialogWrite';
import { CanWrite } from '../../common/CanWrite';

const Col = DataTable.Col<CommissionRate>;
type DialogState = { mode: 'create' } | { mode: 'edit'; rate: CommissionRate } | null;
const percent = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

function RateDialog({ state, onClose }: { state: DialogState; onClose: () => void }) {
  const write = useDialogWrite();
  const editing = state?.mode === 'edit' ? state.rate : undefined;
  const save = async (values: Record<string, unknown>) => {
    const rateBp = Math.round(Number(values.percent) * 100);
    if (editing) await write.update('commission-rates', editing, { rateBp }, 'Commission rate saved', onClose);
    else await write.create('commission-rates', { categoryId: Number(values.categoryId), rateBp }, 'Commission rate saved', onClose);
  };
  return (
    <FormDialog
      open={state !== null}
      title={editing ? `Rate for ${editing.categoryName ?? 'every other category (default)'}` : 'Rate for a category'}
      submitLabel="Save"
      defaultValues={{ percent: editing ? editing.rateBp / 100 : 5, categoryId: null }}
      onSubmit={save}
      onClose={onClose}
      failureText="Failed to save the rate"
    >
      {!editing && (
        <ReferenceInput source="categoryId" reference="categories">
          <AutocompleteInput optionText="categoryName" label="Category (covers its sub-categories)" validate={required()} fullWidth />
        </ReferenceInput>
      )}
      <NumberInput source="percent" label="Commission (%)" step={0.01} validate={[required(), minValue(0), maxValue(100)]} fullWidth />
    </FormDialog>
  );
}

/** /app.admin/commission-rates — the default rate and per-category rates, frozen on each order at checkout. */
export default function CommissionRateList() {
  const [dialog, setDialog] = useState<DialogState>(null);
  return (
    <>
      <List<CommissionRate>
        title="Commission rates"
        sort={{ field: 'categoryName', order: 'ASC' }}
        exporter={false}
        actions={
          <TopToolbar>
            <CanWrite resource="commission-rates">
              <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
                Add category rate
              </Button>
            </CanWrite>
          </TopToolbar>
        }
        pagination={<ListPagination />}
        error={<ListError title="Failed to fetch commission rates." />}
      >
        <DataTable<CommissionRate> rowClick={false} bulkActionButtons={false}>
          <Col source="categoryName" label="Category" render={(r) => r.categoryName ?? 'Default (every other category)'} />
          <Col source="rateBp" label="Rate" render={(r) => percent(r.rateBp)} />
          <Col
            label="Actions"
            render={(r) => (
              <CanWrite resource="commission-rates">
                <Tooltip title="Edit">
                  <IconButton size="small" aria-label={`Edit rate ${r.id}`} onClick={() => setDialog({ mode: 'edit', rate: r })}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                {r.categoryId !== null && (
                  <ConfirmDeleteButton
                    resource="commission-rates"
                    record={r}
                    name={`rate for ${r.categoryName}`}
                    title="Delete this rate?"
                    confirmText="The category will use its parent's rate or the default."
                    successText="Rate deleted"
                    failureText="Failed to delete the rate."
                    fixedFailureText
                  />
                )}
              </CanWrite>
            )}
          />
        </DataTable>
      </List>
      <RateDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
