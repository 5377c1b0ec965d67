import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { LinkBehavior } from '../../app/LinkBehavior';
import { Part } from '../../app/Part';
import { useColorMode } from '../../app/useColorMode';
import { useSession } from '../auth/useSession';
import { CartButton } from '../cart/CartButton';
import { isActive, MAIN_LINKS } from './navLinks';
import { ProfileMenu } from './ProfileMenu';

// Drawers are only needed once tapped: keep their code out of the first download.
const MobileMenu = lazy(() => import('./MobileMenu'));
const CartDrawer = lazy(() => import('../cart/CartDrawer'));
const NotificationBell = lazy(() => import('../trust/NotificationBell'));

/** The main links with a text button's look (module level: the server's style memo keeps it by identity). */
const mainNavStyles = (t: Theme) => ({
  display: { xs: 'none', md: 'flex' },
  gap: 0.5,
  ml: 3,
  '& a': {
    ...t.typography.button,
    display: 'inline-flex',
    alignItems: 'center',
    minWidth: 64,
    justifyContent: 'center',
    px: 1,
    py: 0.75,
    borderRadius: `${t.shape.borderRadius}px`,
    color: 'text.primary',
    textDecoration: 'none',
    '&:hover': { bgcolor: 'action.hover' },
  },
  '& a[aria-current="page"]': { fontWeight: 800, color: 'primary.main' },
});

export function TopBar() {
  const session = useSession();
  const location = useLocation();
  const { mode, toggle } = useColorMode();
  const [menuOpen, setMenuOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [cartLoaded, setCartLoaded] = useState(false);
  const links = MAIN_LINKS.filter((l) => !l.signedInOnly || session);
  const modeLabel = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  // Come back to the current page after signing in, unless it is the home page anyway.
  const loginState = location.pathname === '/' ? undefined : { from: location };

  return (
    <AppBar position="sticky" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 0.5, sm: 2 }, '& .MuiIconButton-root': { p: { xs: 0.75, sm: 1 } } }}>
          {/* The bar's controls hydrate on their own (Part), a tapped one first: together they were a ~25 ms task,
              ~100 ms at a phone's 4x slower CPU. */}
          <Part>
            <IconButton
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpen(true);
              }}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
          </Part>
          <Link
            href="/"
            underline="none"
            aria-label="Kasuwa home"
            sx={{
              fontWeight: 800,
              fontSize: { xs: '1.15rem', sm: '1.5rem' },
              color: 'primary.main',
              letterSpacing: '-0.02em',
              px: 0.5,
              borderRadius: 1,
              whiteSpace: 'nowrap',
              flexShrink: 0,
            }}
          >
            Kasuwa
          </Link>
          <Part>
            {/* Plain links with a text button's look (on every page, four MUI Buttons were eight components for the
                server's style engine); LinkBehavior keeps in-app paths on the client-side router. */}
            <Box component="nav" aria-label="Main" sx={mainNavStyles}>
              {links.map((l) => (
                <LinkBehavior key={l.to} href={l.to} aria-current={isActive(l, location.pathname, location.hash) ? 'page' : undefined}>
                  {l.label}
                </LinkBehavior>
              ))}
            </Box>
          </Part>
          <Box sx={{ flexGrow: 1 }} />
          {/* Selling is one tap away on a phone, signed in or not (the form asks to sign in first). */}
          <Part>
            <Button
              component={RouterLink}
              to="/sell"
              variant="outlined"
              size="small"
              sx={{ display: { md: 'none' }, minWidth: 0, px: 1, whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              Sell
            </Button>
          </Part>
          {session && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          <Part>
            <CartButton
              onClick={() => {
                setCartLoaded(true);
                setCartOpen(true);
              }}
            />
          </Part>
          {/* A native title instead of MUI Tooltip: the tooltip would pull Popper into the first download. */}
          <Part>
            <IconButton aria-label={modeLabel} title={modeLabel} onClick={toggle}>
              {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
            </IconButton>
          </Part>
          {/* A fixed-width slot: the server renders the signed-out view, and swapping in the avatar after
              hydration must not move anything else in the bar. */}
          <Part>
            <Box sx={{ width: 64, display: 'flex', justifyContent: 'flex-end', flexShrink: 0 }}>
              {session ? (
                <ProfileMenu user={session.user} />
              ) : (
                <Button
                  component={RouterLink}
                  to="/auth"
                  state={loginState}
                  variant="contained"
                  size="small"
                  sx={{ minWidth: 0, px: 1.25 }}
                >
                  Login
                </Button>
              )}
            </Box>
          </Part>
        </Toolbar>
      </Container>
      <Suspense fallback={null}>
        {menuLoaded && <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />}
        {cartLoaded && <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} />}
      </Suspense>
    </AppBar>
  );
}
