import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Form, FormDataConsumer, HttpError } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { errorMessage } from './errors';

interface Props {
  open: boolean;
  title: string;
  submitLabel: string;
  /** Form values to start from (a record when editing). */
  defaultValues: Record<string, unknown>;
  /** Saves; throws on failure (the error's message is shown, field errors highlight inputs). */
  onSubmit: (values: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
  /** Shown when a failure carries no message of its own. */
  failureText: string;
  /**
   * Fields that must hold a choice before the submit button is enabled: a decision dialog starts with none chosen
   * (no default an unread click would send) and cannot be submitted until one is.
   */
  choose?: readonly string[];
  children: ReactNode;
}

/**
 * The Add/Edit modal of the categories and commissions pages: a react-admin form in a dialog,
 * full screen on phones. A failure stays inside the dialog (the product error texts) so nothing typed is lost.
 */
export function FormDialog({ open, title, submitLabel, defaultValues, onSubmit, onClose, failureText, choose = [], children }: Props) {
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const titleId = useId();
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) setError('');
  }, [open]);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    setError('');
    try {
      await onSubmit(values);
      return undefined;
    } catch (e) {
      setError(errorMessage(e, failureText));
      const fields = e instanceof HttpError ? (e.body as { errors?: Record<string, unknown> })?.errors : undefined;
      if (!fields) return undefined;
      const { root: _root, ...rest } = fields;
      return rest;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      {/* Mounted only while open, so each opening starts from its own values. */}
      {open && (
        <Form defaultValues={defaultValues} onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            {error && (
              <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} ref={errorRef} tabIndex={-1}>
                {error}
              </Alert>
            )}
            {children}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <FormDataConsumer>
              {({ formData }) => (
                <Button
                  type="submit"
                  variant="contained"
                  disabled={saving || choose.some((field) => formData[field] === '' || formData[field] == null)}
                >
                  {submitLabel}
                </Button>
              )}
            </FormDataConsumer>
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}
