import { useState } from 'react';
import {
  DataTable,
  List,
  TextInput,
  TopToolbar,
  maxLength,
  required,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import { Box, Button, Divider, IconButton, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import type { Commission } from '@kasuwa/contracts';
import { ConfirmDeleteButton } from '../../common/ConfirmDeleteButton';
import { EmptyState } from '../../common/EmptyState';
import { FormDialog } from '../../common/FormDialog';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';
import { formatShortDate } from '@kasuwa/contracts';

/** Columns typed with the row, so render functions get a Commission. */
const Col = DataTable.Col<Commission>;

type DialogState = { mode: 'create' } | { mode: 'edit'; commission: Commission } | null;

const empty = <EmptyState text="No commissions found" hint="The first note is shown on the product form as the seller's agreement." />;

function RowActions({ commission, onEdit }: { commission: Commission; onEdit: (c: Commission) => void }) {
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title="Edit">
        <IconButton size="small" onClick={() => onEdit(commission)} aria-label={`Edit commission note ${commission.id}`}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDeleteButton
        resource="commissions"
        record={commission}
        name={`commission note ${commission.id}`}
        title="Delete commission note?"
        confirmText="Are you sure you want to delete this commission?"
        successText="Commission deleted"
        failureText="Failed to delete commission. Please try again."
        fixedFailureText
      />
    </Stack>
  );
}

const noteSx = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** Phones: the note in full with its dates and actions underneath. */
function CommissionCards({ onEdit }: { onEdit: (c: Commission) => void }) {
  const { data, isPending } = useListContext<Commission>();
  if (isPending) return null;
  if (!data?.length) return empty;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((commission, i) => (
        <Box component="li" key={commission.id}>
          {i > 0 && <Divider aria-hidden />}
          <Stack spacing={1} sx={{ p: 2 }}>
            <Typography variant="body2" sx={noteSx}>
              {commission.note}
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Created {formatShortDate(commission.createdAt)} · Updated {formatShortDate(commission.updatedAt)}
              </Typography>
              <RowActions commission={commission} onEdit={onEdit} />
            </Stack>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

function CommissionDialog({ state, onClose }: { state: DialogState; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const editing = state?.mode === 'edit' ? state.commission : undefined;

  const save = async (values: Record<string, unknown>) => {
    const data = { note: String(values.note ?? '').trim() };
    if (editing) {
      await dataProvider.update('commissions', { id: editing.id, data, previousData: editing });
      notify('Commission updated', { type: 'success' });
    } else {
      await dataProvider.create('commissions', { data });
      notify('Commission added', { type: 'success' });
    }
    onClose();
    refresh();
  };

  return (
    <FormDialog
      open={state !== null}
      title={editing ? 'Edit commission' : 'Add commission'}
      submitLabel={editing ? 'Save' : 'Add'}
      defaultValues={{ note: editing?.note ?? '' }}
      onSubmit={save}
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
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [dialog, setDialog] = useState<DialogState>(null);
  const onEdit = (commission: Commission) => setDialog({ mode: 'edit', commission });
  return (
    <>
      <List<Commission>
        title="Commissions"
        perPage={10}
        sort={{ field: 'createdAt', order: 'ASC' }}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
              Add commission
            </Button>
          </TopToolbar>
        }
        pagination={<ListPagination />}
        sx={{ '& .RaList-content': { overflowX: 'auto' } }}
        error={<ListError title="Failed to fetch commissions." />}
      >
        {isSmall ? (
          <CommissionCards onEdit={onEdit} />
        ) : (
          <DataTable<Commission> rowClick={false} bulkActionButtons={false} empty={empty}>
            <Col source="note" label="Note" cellSx={() => ({ ...noteSx, minWidth: 240 })} />
            <Col
              source="createdAt"
              label="Created At"
              render={(c) => formatShortDate(c.createdAt)}
              cellSx={() => ({ whiteSpace: 'nowrap' })}
            />
            <Col
              source="updatedAt"
              label="Updated At"
              render={(c) => formatShortDate(c.updatedAt)}
              cellSx={() => ({ whiteSpace: 'nowrap' })}
            />
            <Col label="Actions" render={(c) => <RowActions commission={c} onEdit={onEdit} />} />
          </DataTable>
        )}
      </List>
      <CommissionDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
