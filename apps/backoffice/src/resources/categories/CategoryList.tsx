import {
  ArrayInput,
  BooleanInput,
  DataTable,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  maxLength,
  required,
} from 'react-admin';
import { Box, Stack, Typography } from '@mui/material';
import { DialogList, RowActions, useDialogSave, type DialogState } from '../../common/DialogList';
import { EmptyState } from '../../common/EmptyState';
import { FormDialog } from '../../common/FormDialog';
import { searchFilter } from '../../common/listFilters';
import { useCategoryChoices, type CategoryRow } from '../../common/useCategories';
import { subtreeIds } from '@kasuwa/ui/useCategoryTree';
import { ATTRIBUTE_TYPES, formatStamp, type AttributeDefinition } from '@kasuwa/contracts';

/** An attribute as the form edits it: the allowed values of a choice as one line ("Toyota, Honda, Lexus"). */
type AttributeRow = Omit<AttributeDefinition, 'values'> & { values?: string };

const TYPE_CHOICES = ATTRIBUTE_TYPES.map((t) => ({
  id: t,
  name: { choice: 'Choice (a list)', number: 'Number (with a unit)', year: 'Year', text: 'Text' }[t],
}));

const toRows = (defs: readonly AttributeDefinition[] | undefined): AttributeRow[] =>
  (defs ?? []).map((d) => ({ ...d, values: d.values?.join(', ') }));

/** The rows as the API takes them; the server checks the rest (keys, labels, duplicates) and names the problem. */
function toDefinitions(rows: unknown): AttributeDefinition[] {
  return ((rows as AttributeRow[] | undefined) ?? []).map((r) => ({
    key: String(r.key ?? '').trim(),
    label: String(r.label ?? '').trim(),
    type: r.type,
    required: r.required === true,
    ...(r.type === 'number' ? { unit: String(r.unit ?? '').trim() || null } : {}),
    ...(r.type === 'choice'
      ? {
          values: String(r.values ?? '')
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean),
        }
      : {}),
  }));
}

/** Columns typed with the row, so render functions get a CategoryRow. */
const Col = DataTable.Col<CategoryRow>;

const filters = [searchFilter('Search categories', 'Search categories')];

const empty = <EmptyState text="No categories found" hint="Add one with “Add category”." />;

/** The parent's path under a sub-category's name, so the tree reads in a flat table. */
function NameCell({ category }: { category: CategoryRow }) {
  const { pathOf } = useCategoryChoices();
  const parent = category.parentCategoryID === null ? undefined : pathOf.get(category.parentCategoryID);
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {category.categoryName}
      </Typography>
      {parent && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          in {parent}
        </Typography>
      )}
    </Box>
  );
}

function Actions({ category, onEdit }: { category: CategoryRow; onEdit: (c: CategoryRow) => void }) {
  return (
    <RowActions
      record={category}
      editLabel={`Edit category ${category.categoryName}`}
      onEdit={onEdit}
      remove={{
        resource: 'categories',
        name: `category ${category.categoryName}`,
        title: `Delete “${category.categoryName}”?`,
        confirmText: 'Are you sure you want to delete this category? Its sub-categories move up one level.',
        successText: 'Category deleted',
        failureText: 'Failed to delete category',
      }}
    />
  );
}

function CategoryDialog({ state, onClose }: { state: DialogState<CategoryRow>; onClose: () => void }) {
  const save = useDialogSave<CategoryRow>('categories', { created: 'Category added', updated: 'Category updated' });
  const { rows, choices } = useCategoryChoices();
  const editing = state?.mode === 'edit' ? state.record : undefined;
  // A category cannot move under itself or under one of its own sub-categories.
  const excluded = editing ? subtreeIds(rows, editing.id) : new Set<number>();
  const parentChoices = choices.filter((c) => !excluded.has(c.id));

  const submit = async (values: Record<string, unknown>) => {
    const name = String(values.name ?? '').trim();
    const parent = values.parentCategoryID;
    const position = values.position;
    const data: Record<string, unknown> = {
      name,
      parentCategoryID: parent === '' || parent === null || parent === undefined ? null : Number(parent),
    };
    if (position !== '' && position !== null && position !== undefined) data.position = Number(position);
    data.attributes = toDefinitions(values.attributes);
    await save(editing, data, onClose);
  };

  return (
    <FormDialog
      open={state !== null}
      title={editing ? 'Edit category' : 'Add category'}
      submitLabel={editing ? 'Save' : 'Add'}
      defaultValues={
        editing
          ? {
              name: editing.categoryName,
              parentCategoryID: editing.parentCategoryID,
              position: editing.position,
              attributes: toRows(editing.attributes),
            }
          : { name: '', parentCategoryID: null, attributes: [] }
      }
      onSubmit={submit}
      onClose={onClose}
      failureText={editing ? 'Failed to edit category' : 'Failed to add category'}
    >
      <TextInput
        source="name"
        label="Category name"
        validate={[required('Category name is required'), maxLength(100)]}
        fullWidth
        autoFocus
      />
      <SelectInput source="parentCategoryID" label="Parent category" choices={parentChoices} emptyText="None (top level)" fullWidth />
      <NumberInput
        source="position"
        label="Position"
        min={0}
        step={1}
        helperText="Lower numbers come first. Leave empty to add it at the end."
        fullWidth
      />
      {/* What listings in this category (and its sub-categories) give, and search filters and counts by. */}
      <ArrayInput source="attributes" label="Attributes (listings give them; search filters by them)">
        {/* Two columns per attribute on a wide dialog, one on a phone: key and label, type and its values or unit. */}
        <SimpleFormIterator
          disableReordering={false}
          sx={{
            '& .RaSimpleFormIterator-form': {
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              columnGap: 2,
              width: '100%',
            },
          }}
        >
          <TextInput source="key" label="Key (e.g. make)" validate={required('Key is required')} helperText={false} fullWidth />
          <TextInput source="label" label="Label" validate={required('Label is required')} helperText={false} fullWidth />
          <SelectInput
            source="type"
            label="Type"
            choices={TYPE_CHOICES}
            validate={required('Type is required')}
            helperText={false}
            fullWidth
          />
          <FormDataConsumer>
            {({ scopedFormData }: { scopedFormData?: AttributeRow }) =>
              scopedFormData?.type === 'choice' ? (
                <TextInput source="values" label="Allowed values (comma-separated)" helperText={false} fullWidth />
              ) : scopedFormData?.type === 'number' ? (
                <TextInput source="unit" label="Unit (km, GB…)" helperText={false} fullWidth />
              ) : null
            }
          </FormDataConsumer>
          <BooleanInput source="required" label="Required" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </FormDialog>
  );
}

/** /app.admin/categories — Name, Slug, Created At, Actions; add and edit in a modal. */
export default function CategoryList() {
  return (
    <DialogList<CategoryRow>
      title="Categories"
      addLabel="Add category"
      errorTitle="Failed to fetch categories."
      filters={filters}
      perPage={25}
      sort={{ field: 'position', order: 'ASC' }}
      empty={empty}
      // One stacked row per category with its actions, instead of a table wider than the screen.
      card={(category, onEdit) => (
        <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: 'center' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <NameCell category={category} />
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {category.slug} · {formatStamp(category.createdAt)}
            </Typography>
          </Box>
          <Actions category={category} onEdit={onEdit} />
        </Stack>
      )}
      desktop={(onEdit) => (
        <DataTable<CategoryRow> rowClick={false} bulkActionButtons={false} empty={empty}>
          <Col source="categoryName" label="Name" render={(c) => <NameCell category={c} />} />
          <Col source="slug" label="Slug" />
          <Col source="createdAt" label="Created At" render={(c) => formatStamp(c.createdAt)} />
          <Col label="Actions" render={(c) => <Actions category={c} onEdit={onEdit} />} />
        </DataTable>
      )}
      dialog={(state, close) => <CategoryDialog state={state} onClose={close} />}
    />
  );
}
