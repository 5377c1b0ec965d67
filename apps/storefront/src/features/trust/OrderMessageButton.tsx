import ChatIcon from '@mui/icons-material/ChatOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { trustApi } from '../../api/trust';

/** "Message seller" (the buyer's side of an order) or "Message buyer" (the seller's): the listing's one conversation. */
export default function OrderMessageButton({ orderId, role }: { orderId: number; role: 'buyer' | 'seller' }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const { data } = await trustApi.startConversation({ orderId });
      void navigate(`/inbox/${data.id}`);
    } catch {
      setBusy(false); // the client has shown why
    }
  };
  return (
    <Button size="small" variant="outlined" startIcon={<ChatIcon />} onClick={() => void open()} disabled={busy}>
      {role === 'buyer' ? 'Message seller' : 'Message buyer'}
    </Button>
  );
}
