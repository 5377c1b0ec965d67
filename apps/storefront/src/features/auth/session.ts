import { STORAGE_KEYS, USER_CHANGED_EVENT, type UserProfile } from '@kasuwa/contracts';

/** What the storefront keeps about the signed-in user (the product data model "Session in local storage"). */
export interface SessionUser {
  email: string;
  fullName: string;
  profileImage: string | null;
  userId: number | null;
}

export interface Session {
  accessToken: string;
  user: SessionUser;
}

const USER_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.email,
  STORAGE_KEYS.fullName,
  STORAGE_KEYS.profileImage,
  STORAGE_KEYS.userId,
] as const;

// Private mode and full storage make localStorage throw; a missing session is the honest fallback.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null || value === '') window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the session lives only as long as the page */
  }
}

export function getAccessToken(): string | null {
  return read(STORAGE_KEYS.accessToken);
}

export function readSession(): Session | null {
  const accessToken = getAccessToken();
  if (!accessToken) return null;
  const userId = Number(read(STORAGE_KEYS.userId));
  return {
    accessToken,
    user: {
      email: read(STORAGE_KEYS.email) ?? '',
      fullName: read(STORAGE_KEYS.fullName) ?? '',
      profileImage: read(STORAGE_KEYS.profileImage),
      userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    },
  };
}

function announce(user: SessionUser | null): void {
  window.dispatchEvent(new CustomEvent<SessionUser | null>(USER_CHANGED_EVENT, { detail: user }));
}

/** Stores a fresh sign-in (token and user) and tells every listener. */
export function saveSession(accessToken: string, user: SessionUser): void {
  write(STORAGE_KEYS.accessToken, accessToken);
  saveUser(user);
}

/** Updates the stored user (e.g. after a profile edit) without touching the token. */
export function saveUser(user: SessionUser): void {
  write(STORAGE_KEYS.email, user.email);
  write(STORAGE_KEYS.fullName, user.fullName);
  write(STORAGE_KEYS.profileImage, user.profileImage);
  write(STORAGE_KEYS.userId, user.userId === null ? null : String(user.userId));
  announce(user);
}

let signedOutAt = 0;

export function clearSession(): void {
  for (const key of USER_KEYS) write(key, null);
  announce(null);
}

/** A deliberate sign-out (as opposed to an expired token). */
export function signOut(): void {
  signedOutAt = Date.now();
  clearSession();
}

export function wasJustSignedOut(): boolean {
  return Date.now() - signedOutAt < 2000;
}

/** Subscribes to session changes from this tab (custom event) and from other tabs (storage event). */
export function subscribeSession(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || (USER_KEYS as readonly string[]).includes(e.key)) onChange();
  };
  window.addEventListener(USER_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(USER_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The session part of a full profile (login, sign-up and /profile/me answers). */
export function sessionUserFrom(profile: UserProfile): SessionUser {
  return {
    email: profile.email,
    fullName: profile.fullName,
    profileImage: profile.profileImage,
    userId: profile.id,
  };
}
