import { STORAGE_KEYS } from '@kasuwa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../auth/session';
import { OUTBOX_STORAGE_KEY } from './outbox';
import { OUTBOX_KEY, PRIVATE_CACHE, startOffline } from './startOffline';

describe('private offline data when no one is signed in', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("forgets the queued changes and the service worker's cache of the user's reads on sign-out", async () => {
    expect(OUTBOX_KEY).toBe(OUTBOX_STORAGE_KEY);
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => (deleted.push(name), true) });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-of-A');
    startOffline();
    localStorage.setItem(OUTBOX_KEY, '[{"kind":"chat"}]');
    expect(deleted).toEqual([]); // signed in: kept
    clearSession();
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
    expect(deleted).toEqual([PRIVATE_CACHE]);
  });
});
