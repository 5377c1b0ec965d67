import { useState, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { TopToolbar, type RaRecord, type SortPayload } from 'react-admin';
import { Button, IconButton, Stack, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { BackOfficeList } from './BackOfficeList';
import { useDialogWrite } from './useDialogWrite';
import { CanWrite } from './CanWrite';
import { RecordCards } from './RecordCards';

/** Which record the list's add/edit dialog shows: none (closed), a new one, or one being edited. */
export type DialogState<T> = { mode: 'create' } | { mode: 'edit'; record: T } | null;

type DeleteProps = Omit<ComponentProps<typeof ConfirmDeleteButton>, 'record'>;

/** A row's pencil (opens the edit dialog) and its delete-after-asking button. */
export function RowActions<T extends RaRecord>({
  record,
  editLabel,
  onEdit,
  remove,
}: {
  record: T;
  editLabel: string;
  onEdit: (record: T) => void;
  remove: DeleteProps;
}) {
  return (
    <CanWrite resource={remove.resource}>
      <Stack direction="row" spacing={0.5}>
        <Tooltip title="Edit">
          <IconButton size="small" onClick={() => onEdit(record)} aria-label={editLabel}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <ConfirmDeleteButton record={record} {...remove} />
      </Stack>
    </CanWrite>
  );
}

/**
 * Saves the add/edit dialog's data through the data provider, says so, closes the dialog and reloads the list.
 * A failure is thrown on to the dialog (FormDialog shows it).
 */
export function useDialogSave<T extends RaRecord>(resource: string, texts: { created: string; updated: string }) {
  const write = useDialogWrite();
  return (editing: T | undefined, data: Record<string, unknown>, close: () => void) =>
    editing ? write.update(resource, editing, data, texts.updated, close) : write.create(resource, data, texts.created, close);
}

interface Props<T extends RaRecord> {
  title: string;
  /** The toolbar button, e.g. 'Add category'. */
  addLabel: string;
  /** The product's failure text for the list. */
  errorTitle: string;
  perPage: number;
  sort: SortPayload;
  filters?: ReactElement[];
  /** What the phone cards show when there are no rows (callers give their desktop table the same). */
  empty: ReactElement;
  /** Phones: a row as one stacked card with its actions, instead of a table wider than the screen. */
  card: (record: T, onEdit: (record: T) => void) => ReactNode;
  desktop: (onEdit: (record: T) => void) => ReactNode;
  dialog: (state: DialogState<T>, close: () => void) => ReactNode;
}

/** A back-office list whose rows are added and edited in a dialog (categories, commission notes, search words). */
export function DialogList<T extends RaRecord>(props: Props<T>) {
  const { title, addLabel, errorTitle, perPage, sort, filters, empty, card, desktop, dialog } = props;
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [state, setState] = useState<DialogState<T>>(null);
  const onEdit = (record: T) => setState({ mode: 'edit', record });
  return (
    <>
      <BackOfficeList<T>
        title={title}
        filters={filters}
        perPage={perPage}
        sort={sort}
        actions={
          <TopToolbar>
            <CanWrite>
              <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setState({ mode: 'create' })}>
                {addLabel}
              </Button>
            </CanWrite>
          </TopToolbar>
        }
        errorTitle={errorTitle}
      >
        {isSmall ? <RecordCards<T> empty={empty}>{(record) => card(record, onEdit)}</RecordCards> : desktop(onEdit)}
      </BackOfficeList>
      {dialog(state, () => setState(null))}
    </>
  );
}
