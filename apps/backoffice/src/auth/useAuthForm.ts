import { useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminPath } from '../config';
import { messageOf } from '../providers/http';
import type { NoticeState } from './LoginPage';

/**
 * An admin form that ends on the login page (signup request, password reset): its fields (`bind` gives each its
 * props, all required), and `sendThenLogin`, which makes the call and goes to the login page with the notice the call
 * returns; a failure stays on the form as `error` (the server's message, else the product's fallback) and the form can
 * be sent again. `onEdit` hears every field change (e.g. to clear a mismatch).
 */
export function useAuthForm<F extends { [K in keyof F]: string }>(initial: F, onEdit?: (field: keyof F) => void) {
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const bind = (field: keyof F & string) => ({
    name: field,
    value: form[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [field]: e.target.value }));
      onEdit?.(field);
    },
    required: true,
    fullWidth: true,
  });

  const sendThenLogin = async (send: () => Promise<string>, fallback: string) => {
    setError('');
    setPending(true);
    try {
      const notice = await send();
      void navigate(adminPath('/login'), { state: { notice } satisfies NoticeState });
    } catch (err) {
      setError(messageOf(err, fallback));
      setPending(false);
    }
  };

  return { form, bind, error, setError, pending, sendThenLogin };
}
