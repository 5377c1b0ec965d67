import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { INFO_LINKS } from './navLinks';

/**
 * The footer's look as classes on one styled element: it is on every page, and as MUI components (Container, two
 * Stacks, Typography, four Links) it cost the server's style engine a dozen components on each page it rendered.
 */
const footerStyles = (t: Theme) => ({
  mt: 'auto',
  borderTop: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  py: 4,
  '& .kf-in': { width: '100%', maxWidth: t.breakpoints.values.lg, mx: 'auto', px: { xs: 2, sm: 3 }, boxSizing: 'border-box' },
  '& .kf-row': { display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3, justifyContent: 'space-between' },
  '& p': { m: 0 },
  '& .kf-brand': { ...t.typography.body1, fontWeight: 800, fontSize: '1.25rem', color: 'primary.main' },
  '& .kf-note': { ...t.typography.body2, color: 'text.secondary' },
  '& .kf-about': { maxWidth: 360 },
  '& .kf-links': { listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 1, sm: 3 } },
  '& .kf-links a': { ...t.typography.body2, color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } },
  '& .kf-legal': { mt: 3 },
});

export function Footer() {
  return (
    <Box component="footer" sx={footerStyles}>
      <div className="kf-in">
        <div className="kf-row">
          <div>
            <p className="kf-brand">Kasuwa</p>
            <p className="kf-note kf-about">
              Where Commerce Lives. Buy and sell new and used goods across Nigeria, paid by card and delivered to your door.
            </p>
          </div>
          <nav aria-label="Information">
            <ul className="kf-links">
              {INFO_LINKS.map((l) => (
                <li key={l.to}>
                  <RouterLink to={l.to}>{l.label}</RouterLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="kf-note kf-legal">© {new Date().getFullYear()} Kasuwa. All prices in naira (₦).</p>
      </div>
    </Box>
  );
}
