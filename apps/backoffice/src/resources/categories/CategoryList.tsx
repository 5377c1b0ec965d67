import { useState } from 'react';
import {
  DataTable,
  List,
  NumberInput,
  RecordContextProvider,
  SearchInput,
  SelectInput,
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
import { ConfirmDeleteButton } from '../../common/ConfirmDeleteButton';
import { EmptyState } from '../../common/EmptyState';
import { FormDialog } from '../../common/FormDialog';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';
import { useCategoryChoices, type CategoryRow } from '../../common/useCategories';
import { subtreeIds } from '@kasuwa/ui/useCategoryTree';
import { formatShortDate } from '@kasuwa/contracts';

/** Columns typed with the row, so render functions get a CategoryRow. */
const Col = DataTable.Col<CategoryRow>;

type DialogState = { mode: 'create' } | { mode: 'edit'; category: CategoryRow } | null;

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Search categories"
    slotProps={{ htmlInput: { 'aria-label': 'Search categories' } }}
  />,
];

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

function RowActions({ category, onEdit }: { category: CategoryRow; onEdit: (c: CategoryRow) => void }) {
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title="Edit">
        <IconButton size="small" onClick={() => onEdit(category)} aria-label={`Edit category ${category.categoryName}`}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDeleteButton
        resource="categories"
        record={category}
        name={`category ${category.categoryName}`}
        title={`Delete “${category.categoryName}”?`}
        confirmText="Are you sure you want to delete this category? Its sub-categories move up one level."
        successText="Category deleted"
        failureText="Failed to delete category"
      />
    </Stack>
  );
}

/** Phones: one stacked row per category with its actions, instead of a table wider than the screen. */
function CategoryCards({ onEdit }: { onEdit: (c: CategoryRow) => void }) {
  const { data, isPending } = useListContext<CategoryRow>();
  if (isPending) return null;
  if (!data?.length) return empty;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((category, i) => (
        <RecordContextProvider value={category} key={category.id}>
          {i > 0 && <Divider component="li" aria-hidden />}
          <Stack component="li" direction="row" spacing={1} sx={{ p: 2, alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <NameCell category={category} />
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {category.slug} · {formatShortDate(category.createdAt)}
              </Typography>
            </Box>
            <RowActions category={category} onEdit={onEdit} />
          </Stack>
        </RecordContextProvider>
      ))}
    </Box>
  );
}

function CategoryDialog({ state, onClose }: { state: DialogState; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { rows, choices } = useCategoryChoices();
  const editing = state?.mode === 'edit' ? state.category : undefined;
  // A category cannot move under itself or under one of its own sub-categories.
  const excluded = editing ? subtreeIds(rows, editing.id) : new Set<number>();
  const parentChoices = choices.filter((c) => !excluded.has(c.id));

  const save = async (values: Record<string, unknown>) => {
    const name = String(values.name ?? '').trim();
    const parent = values.parentCategoryID;
    const position = values.position;
    const data: Record<string, unknown> = {
      name,
      parentCategoryID: parent === '' || parent === null || parent === undefined ? null : Number(parent),
    };
    if (position !== '' && position !== null && position !== undefined) data.position = Number(position);
    if (editing) {
      await dataProvider.update('categories', { id: editing.id, data, previousData: editing });
      notify('Category updated', { type: 'success' });
    } else {
      await dataProvider.create('categories', { data });
      notify('Category added', { type: 'success' });
    }
    onClose();
    refresh();
  };

  return (
    <FormDialog
      open={state !== null}
      title={editing ? 'Edit category' : 'Add category'}
      submitLabel={editing ? 'Save' : 'Add'}
      defaultValues={
        editing
          ? { name: editing.categoryName, parentCategoryID: editing.parentCategoryID, position: editing.position }
          : { name: '', parentCategoryID: null }
      }
      onSubmit={save}
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
      <SelectInput
        source="parentCategoryID"
        label="Parent category"
        choices={parentChoices}
        emptyText="None (top level)"
        fullWidth
      />
      <NumberInput
        source="position"
        label="Position"
        min={0}
        step={1}
        helperText="Lower numbers come first. Leave empty to add it at the end."
        fullWidth
      />
    </FormDialog>
  );
}

/** /app.admin/categories — Name, Slug, Created At, Actions; add and edit in a modal. */
export default function CategoryList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [dialog, setDialog] = useState<DialogState>(null);
  const onEdit = (category: CategoryRow) => setDialog({ mode: 'edit', category });
  return (
    <>
      <List<CategoryRow>
        title="Categories"
        filters={filters}
        perPage={25}
        sort={{ field: 'position', order: 'ASC' }}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
              Add category
            </Button>
          </TopToolbar>
        }
        pagination={<ListPagination />}
        sx={{ '& .RaList-content': { overflowX: 'auto' } }}
        error={<ListError title="Failed to fetch categories." />}
      >
        {isSmall ? (
          <CategoryCards onEdit={onEdit} />
        ) : (
          <DataTable<CategoryRow> rowClick={false} bulkActionButtons={false} empty={empty}>
            <Col source="categoryName" label="Name" render={(c) => <NameCell category={c} />} />
            <Col source="slug" label="Slug" />
            <Col source="createdAt" label="Created At" render={(c) => formatShortDate(c.createdAt)} />
            <Col label="Actions" render={(c) => <RowActions category={c} onEdit={onEdit} />} />
          </DataTable>
        )}
      </List>
      <CategoryDialog state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
