import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { contactApi } from '../../api/contact';
import { ApiError } from '../../api/errors';
import { toast } from '../../app/toast';
import { useSession } from '../auth/useSession';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** Contact form (the product screens and the product validation rules): email, subject and message required; name optional. */
export function ContactForm() {
  const session = useSession();
  const [form, setForm] = useState(() => ({ ...EMPTY, name: session?.user.fullName ?? '', email: session?.user.email ?? '' }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await contactApi.send({
        userId: session?.user.userId ?? null,
        name: form.name.trim(),
        email: form.email.trim(),
        subject: form.subject.trim(),
        message: form.message.trim(),
      });
      toast.success('Message sent successfully!');
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Failed to send message');
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Stack spacing={2} role="status" sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h3" component="p">
          Thank you for reaching out!
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>We have your message and will reply by email within one working day.</Typography>
        <Button
          variant="outlined"
          onClick={() => {
            setForm((f) => ({ ...f, subject: '', message: '' }));
            setSent(false);
          }}
        >
          Send Another Message
        </Button>
      </Stack>
    );
  }

  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)}>
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
            {error}
          </Alert>
        )}
        <TextField label="Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        <TextField label="Subject" name="subject" required value={form.subject} onChange={set('subject')} />
        <TextField label="Message" name="message" required multiline minRows={5} value={form.message} onChange={set('message')} />
        <Button type="submit" variant="contained" size="large" loading={busy} disabled={busy}>
          Send message
        </Button>
      </Stack>
    </Box>
  );
}
