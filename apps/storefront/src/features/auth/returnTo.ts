const KEY = 'kasuwa:returnTo';

/** Only same-site paths: a return target must never send the user to another site (open redirect). */
function safePath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  // Returning to an auth page after signing in would loop.
  if (/^\/(auth|auth-success|sign-up|forgot-password|reset-password)(\/|\?|$)/.test(path)) return null;
  return path;
}

export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

export function pathOf(loc: { pathname: string; search?: string; hash?: string }): string {
  return `${loc.pathname}${loc.search ?? ''}${loc.hash ?? ''}`;
}

/** Remembers where to go after sign-in; survives the Google round-trip because it lives in sessionStorage. */
export function rememberReturnTo(path: string): void {
  const safe = safePath(path);
  if (!safe) return;
  try {
    window.sessionStorage.setItem(KEY, safe);
  } catch {
    /* not remembered: the user lands on / instead */
  }
}

/** The place to go after sign-in: the router state's origin, else the remembered one, else /. Clears it. */
export function takeReturnTo(state?: unknown): string {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
  const from = (state as FromState | null | undefined)?.from;
  const fromPath = from ? safePath(pathOf(from)) : null;
  return (fromPath && fromPath !== '/' ? fromPath : null) ?? safePath(stored) ?? '/';
}
