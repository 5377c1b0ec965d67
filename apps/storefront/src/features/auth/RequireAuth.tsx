import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../app/toast';
import { pathOf, rememberReturnTo } from './returnTo';
import { wasJustSignedOut } from './session';
import { useSession } from './useSession';

export const LOGIN_FIRST_MESSAGE = 'Please login first!';

function RedirectHome() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // After a deliberate sign-out the user should not be nagged or sent back to the private page.
    if (!wasJustSignedOut()) {
      rememberReturnTo(pathOf(location));
      toast.info(LOGIN_FIRST_MESSAGE);
    }
    navigate('/', { replace: true, state: { from: location } });
  }, [location, navigate]);
  return null;
}

/** Login guard (spec §2): only checks that a token is stored; otherwise back to / remembering the origin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  return session ? children : <RedirectHome />;
}
