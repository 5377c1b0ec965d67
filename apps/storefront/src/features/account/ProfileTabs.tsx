import InboxIcon from '@mui/icons-material/Inbox';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

// Each tab gets wired to its list (GET /products/user/in, /orders/all, /orders/seller/all) when
// those features ship; until then each shows its real empty state rather than invented rows.
const TABS = [
  { id: 'products', label: 'Products', empty: 'No products listed yet' },
  { id: 'orders', label: 'Orders', empty: 'No orders yet' },
  { id: 'seller-orders', label: "Seller's Orders", empty: 'No Seller Orders Yet' },
] as const;

export function ProfileTabs() {
  const [tab, setTab] = useState(0);
  return (
    <Paper variant="outlined">
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Your activity" variant="fullWidth">
        {TABS.map((t, i) => (
          <Tab key={t.id} label={t.label} id={`tab-${t.id}`} aria-controls={`panel-${t.id}`} value={i} />
        ))}
      </Tabs>
      {TABS.map((t, i) => (
        <Box key={t.id} role="tabpanel" id={`panel-${t.id}`} aria-labelledby={`tab-${t.id}`} hidden={tab !== i} sx={{ borderTop: 1, borderColor: 'divider' }}>
          {tab === i && (
            <Box sx={{ py: 8, px: 2, textAlign: 'center' }}>
              <InboxIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
              <Typography sx={{ mt: 1, fontWeight: 600 }}>{t.empty}</Typography>
            </Box>
          )}
        </Box>
      ))}
    </Paper>
  );
}
