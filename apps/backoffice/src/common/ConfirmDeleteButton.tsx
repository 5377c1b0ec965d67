import { Confirm, useDelete, useNotify, type RaRecord } from 'react-admin';
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { apiMessage, errorMessage } from './errors';
import { useRowConfirm } from './useRowConfirm';

interface Props {
  resource: string;
  record: RaRecord;
  /** What is deleted, for the button's accessible name, e.g. 'category Phones'. */
  name: string;
  title: string;
  /** The product's confirmation text, e.g. 'Are you sure you want to delete this commission?'. */
  confirmText: string;
  successText: string;
  /** The product's failure text, shown when the API gives no message of its own. */
  failureText: string;
  /** Always lead with the failure text (the spec fixes the wording); the API's message follows it. */
  fixedFailureText?: boolean;
}

/** A delete icon button that asks first (pessimistic: the row goes once the API said yes). */
export function ConfirmDeleteButton({
  resource,
  record,
  name,
  title,
  confirmText,
  successText,
  failureText,
  fixedFailureText = false,
}: Props) {
  const { open, ask, close } = useRowConfirm();
  const [deleteOne, { isPending }] = useDelete();
  const notify = useNotify();

  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          close();
          notify(successText, { type: 'success' });
        },
        onError: (error) => {
          close();
          const text = fixedFailureText ? [failureText, apiMessage(error)].filter(Boolean).join('\n') : errorMessage(error, failureText);
          notify(text, { type: 'error', multiLine: true });
        },
      },
    );

  return (
    <>
      <Tooltip title="Delete">
        <IconButton size="small" color="error" aria-label={`Delete ${name}`} disabled={isPending} onClick={ask}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={title}
        content={confirmText}
        confirm="Delete"
        onConfirm={() => void confirm()}
        onClose={close}
      />
    </>
  );
}
