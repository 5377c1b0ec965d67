import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../app/toast';
import { pathOf, rememberReturnTo } from './returnTo';
import { wasJustSignedOut } from './session';
import { useSession } from './useSession';

export const LOGIN_FIRST_MESSAGE = 'Please login first!';

/**
 * A guest opening a private page (Sell, Profile…) is sent to sign-in, which brings them back to that page once signed
 * in (the origin rides in the router state and, through Google and sign-up, in sessionStorage). After a deliberate
 * sign-out the user is neither nagged nor sent back to the private page: home instead.
 */
function RedirectToSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (wasJustSignedOut()) {
      void navigate('/', { replace: true });
      return;
    }
    rememberReturnTo(pathOf(location));
    toast.info(LOGIN_FIRST_MESSAGE);
    void navigate('/auth', { replace: true, state: { from: location } });
  }, [location, navigate]);
  return null;
}

/** Login guard (the product screens): only checks that a token is stored; otherwise to sign-in, remembering the origin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  return session ? children : <RedirectToSignIn />;
}
