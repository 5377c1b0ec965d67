import { useState, type FormEvent } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { errorMessage } from './errors';

interface Options {
  /** Sends the trimmed text (e.g. POST …/reply); a throw is the failure. */
  send: (text: string) => Promise<unknown>;
  /** The toast once sent. */
  success: string;
  /** The product's fallback when the server gives no message of its own. */
  failure: string;
  /** What else happens once sent (e.g. the dialog closes). */
  onSent?: () => void;
}

/**
 * A form whose one required text goes to the API (a reply, a block reason): nothing is sent while it is blank (the
 * field says so once touched or submitted), one send at a time, then the text clears, a toast says so and the page's
 * data reloads; a failure stays in the form as `error`. `field(missing, help)` gives the text field its props.
 */
export function useRequiredTextSubmit({ send, success, failure, onSent }: Options) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const missing = text.trim() === '';

  const reset = () => {
    setText('');
    setTouched(false);
    setError('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing || busy) return;
    setBusy(true);
    setError('');
    try {
      await send(text.trim());
      onSent?.();
      setText('');
      setTouched(false);
      notify(success, { type: 'success' });
      refresh();
    } catch (e) {
      setError(errorMessage(e, failure));
    } finally {
      setBusy(false);
    }
  };

  const field = (missingText: string, help: string) => ({
    value: text,
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
    onBlur: () => setTouched(true),
    error: touched && missing,
    helperText: touched && missing ? missingText : help,
    required: true,
  });

  return { text, error, busy, setBusy, submit, reset, field };
}
