import { useState } from 'react';
import { DataTable, List, SearchInput, TextInput, TopToolbar, required, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { Box, Button, Chip, Divider, IconButton, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import type { SearchSynonym } from '@kasuwa/contracts';
import { ConfirmDeleteButton } from '../../common/ConfirmDeleteButton';
import { EmptyState } from '../../common/EmptyState';
import { FormDialog } from '../../common/FormDialog';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';
import { formatShortDate } from '@kasuwa/contracts';

/** Columns typed with the row, so render functions get a SearchSynonym. */
const Col = DataTable.Col<SearchSynonym>;

type DialogState = { mode: 'create' } | { mode: 'edit'; group: SearchSynonym } | null;

const empty = <EmptyState text="No search words yet" hint="Add words buyers use for the same thing, e.g. okada, motorcycle, motorbike." />;
const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Find a word" slotProps={{ htmlInput: { 'aria-label': 'Find a search word' } }} />];

function Terms({ group }: { group: SearchSynonym }) {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {group.terms.map((t) => (
        <Chip key={t} label={t} size="small" />
      ))}
    </Stack>
  );
}

function RowActions({ group, onEdit }: { group: SearchSynonym; onEdit: (g: SearchSynonym) => void }) {
  const name = group.terms.join(', ');
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title="Edit">
        <IconButton size="small" onClick={() => onEdit(group)} aria-label={`Edit search words ${name}`}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDeleteButton
        resource="synonyms"
        record={group}
        name={`search words ${name}`}
        title="Delete these search words?"
        confirmText={`Search will stop treating ${name} as the same thing.`}
        successText="Search words deleted"
        failureText="Failed to delete the search words. Please try again."
        fixedFailureText
      />
    </Stack>
  );
}

/** Phones: each group's words with its date and actions underneath. */
function SynonymCards({ onEdit }: { onEdit: (g: SearchSynonym) => void }) {
  const { data, isPending } = useListContext<SearchSynonym>();
  if (isPending) return null;
  if (!data?.length) return empty;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((group, i) => (
        <Box component="li" key={group.id}>
          {i > 0 && <Divider aria-hidden />}
          <Stack spacing={1} sx={{ p: 2 }}>
            <Terms group={group} />
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Updated {formatShortDate(group.updatedAt)}
              </Typography>
              <RowActions group={group} onEdit={onEdit} />
            </Stack>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

const termsOf = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

const atLeastTwo = (value: unknown) => (termsOf(value).length < 2 ? 'Give at least two words or phrases, separated by commas' : undefined);

function SynonymDialog({ state, onClose }: { state: DialogState; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const editing = state?.mode === 'edit' ? state.group : undefined;

  const save = async (values: Record<string, unknown>) => {
    const data = { terms: termsOf(values.terms) };
    if (editing) {
      await dataProvider.update('synonyms', { id: editing.id, data, previousData: editing });
      notify('Search words updated', { type: 'success' });
    } else {
      await dataProvider.create('synonyms', { data });
      notify('Search words added', { type: 'success' });
    }
    onClose();
    refresh();
  };

  return (
    <FormDialog
      open={state !== null}
      title={editing ? 'Edit search words' : 'Add search words'}
      submitLabel={editing ? 'Save' : 'Add'}
      defaultValues={{ terms: editing?.terms.join(', ') ?? '' }}
      onSubmit={save}
      onClose={onClose}
      failureText={editing ? 'Failed to update the search words' : 'Failed to add the search words'}
    >
      <TextInput
        source="terms"
        label="Words that mean the same"
        validate={[required('Give at least two words or phrases, separated by commas'), atLeastTwo]}
        multiline
        minRows={2}
        fullWidth
        autoFocus
        helperText="Separate with commas, e.g. keke, keke napep, tricycle. A search for any of them finds listings with the others. Up to 3 words each."
      />
    </FormDialog>
  );
}

/** /app.admin/synonyms — the local vocabulary search expands queries with (okada ↔ motorcycle, tokunbo ↔ foreign used). */
export default function SynonymList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [dialog, setDialog] = useState<DialogState>(null);
  const onEdit = (group: SearchSynonym) => setDialog({ mode: 'edit', group });
  return (
    <>
      <List<SearchSynonym>
        title="Search words"
        perPage={25}
        sort={{ field: 'id', order: 'DESC' }}
        filters={filters}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
              Add search words
            </Button>
          </TopToolbar>
        }
        pagination={<ListPagination />}
        sx={{ '& .RaList-content': { overflowX: 'auto' } }}
        error={<ListError title="Failed to fetch search words." />}
      >
        {isSmall ? (
          <SynonymCards onEdit={onEdit} />
        ) : (
          <DataTable<SearchSynonym> rowClick={false} bulkActionButtons={false} empty={empty}>
            <Col source="terms" label="Words that mean the same" disableSort render={(g) => <Terms group={g} />} cellSx={() => ({ minWidth: 280 })} />
            <Col source="updatedAt" label="Updated At" render={(g) => formatShortDate(g.updatedAt)} cellSx={() => ({ whiteSpace: 'nowrap' })} />
            <Col label="Actions" render={(g) => <RowActions group={g} onEdit={onEdit} />} />
          </DataTable>
        )}
      </List>
      <SynonymDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
