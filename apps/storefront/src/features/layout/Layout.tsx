import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Part } from '../../app/Part';
import { PageHydrated } from '../../app/initialData';
import { Footer } from './Footer';
import { PageLoader } from './PageLoader';
import { TopBar } from './TopBar';
import { useSession } from '../auth/useSession';

/** Signed-in visitors only, after hydration (the server renders the anonymous page): its code stays out of the shell. */
const VerificationBanner = lazy(() => import('../auth/VerificationBanner'));

/** The shared public layout (the product screens): top bar, the page, footer. */
export function Layout() {
  const location = useLocation();
  const session = useSession();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      {/* Hydrated after the shell, as the bar and the footer are (Part): the shell's pass stays a short task. */}
      <Part>
        <Link
          href="#main"
          onClick={(e) => {
            // Move focus without a hash change, which the router would treat as a navigation.
            e.preventDefault();
            document.getElementById('main')?.focus();
          }}
          sx={{
            position: 'absolute',
            left: 8,
            top: -48,
            zIndex: 2000,
            bgcolor: 'background.paper',
            p: 1,
            borderRadius: 1,
            '&:focus': { top: 8 },
          }}
        >
          Skip to content
        </Link>
      </Part>
      <Part>
        <TopBar />
      </Part>
      {session && (
        <Suspense fallback={null}>
          <VerificationBanner key={session.user.userId ?? 0} />
        </Suspense>
      )}
      {/* At least a screen tall: the footer never shows at the top while a page's code loads and then jumps down. */}
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none', minHeight: '100vh' }}>
        {/* Keyed by path so a failed or slow page never leaves the previous page's fallback around. */}
        <Suspense key={location.pathname} fallback={<PageLoader />}>
          <Outlet />
          <PageHydrated />
        </Suspense>
      </Box>
      <Part>
        <Footer />
      </Part>
    </Box>
  );
}
