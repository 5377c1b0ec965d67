import { DataTable, TextInput, required } from 'react-admin';
import { Chip, Stack, Typography } from '@mui/material';
import type { SearchSynonym } from '@kasuwa/contracts';
import { DialogList, RowActions, useDialogSave, type DialogState } from '../../common/DialogList';
import { EmptyState } from '../../common/EmptyState';
import { FormDialog } from '../../common/FormDialog';
import { searchFilter } from '../../common/listFilters';
import { formatStamp } from '@kasuwa/contracts';

/** Columns typed with the row, so render functions get a SearchSynonym. */
const Col = DataTable.Col<SearchSynonym>;

const empty = <EmptyState text="No search words yet" hint="Add words buyers use for the same thing, e.g. okada, motorcycle, motorbike." />;
const filters = [searchFilter('Find a word', 'Find a search word')];

function Terms({ group }: { group: SearchSynonym }) {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {group.terms.map((t) => (
        <Chip key={t} label={t} size="small" />
      ))}
    </Stack>
  );
}

function Actions({ group, onEdit }: { group: SearchSynonym; onEdit: (g: SearchSynonym) => void }) {
  const name = group.terms.join(', ');
  return (
    <RowActions
      record={group}
      editLabel={`Edit search words ${name}`}
      onEdit={onEdit}
      remove={{
        resource: 'synonyms',
        name: `search words ${name}`,
        title: 'Delete these search words?',
        confirmText: `Search will stop treating ${name} as the same thing.`,
        successText: 'Search words deleted',
        failureText: 'Failed to delete the search words. Please try again.',
        fixedFailureText: true,
      }}
    />
  );
}

const termsOf = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

const atLeastTwo = (value: unknown) => (termsOf(value).length < 2 ? 'Give at least two words or phrases, separated by commas' : undefined);

function SynonymDialog({ state, onClose }: { state: DialogState<SearchSynonym>; onClose: () => void }) {
  const save = useDialogSave<SearchSynonym>('synonyms', { created: 'Search words added', updated: 'Search words updated' });
  const editing = state?.mode === 'edit' ? state.record : undefined;

  return (
    <FormDialog
      open={state !== null}
      title={editing ? 'Edit search words' : 'Add search words'}
      submitLabel={editing ? 'Save' : 'Add'}
      defaultValues={{ terms: editing?.terms.join(', ') ?? '' }}
      onSubmit={(values) => save(editing, { terms: termsOf(values.terms) }, onClose)}
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
  return (
    <DialogList<SearchSynonym>
      title="Search words"
      addLabel="Add search words"
      errorTitle="Failed to fetch search words."
      filters={filters}
      perPage={25}
      sort={{ field: 'id', order: 'DESC' }}
      empty={empty}
      // Each group's words with its date and actions underneath.
      card={(group, onEdit) => (
        <Stack spacing={1} sx={{ p: 2 }}>
          <Terms group={group} />
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Updated {formatStamp(group.updatedAt)}
            </Typography>
            <Actions group={group} onEdit={onEdit} />
          </Stack>
        </Stack>
      )}
      desktop={(onEdit) => (
        <DataTable<SearchSynonym> rowClick={false} bulkActionButtons={false} empty={empty}>
          <Col
            source="terms"
            label="Words that mean the same"
            disableSort
            render={(g) => <Terms group={g} />}
            cellSx={() => ({ minWidth: 280 })}
          />
          <Col source="updatedAt" label="Updated At" render={(g) => formatStamp(g.updatedAt)} cellSx={() => ({ whiteSpace: 'nowrap' })} />
          <Col label="Actions" render={(g) => <Actions group={g} onEdit={onEdit} />} />
        </DataTable>
      )}
      dialog={(state, close) => <SynonymDialog state={state} onClose={close} />}
    />
  );
}
