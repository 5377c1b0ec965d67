import { STORAGE_KEYS } from '@kasuwa/contracts';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

const change = vi.fn(async () => ({ data: { items: [] }, notices: [] }));
vi.mock('../../api/cart', () => ({ cartApi: { change: (...args: unknown[]) => change(...(args as [])) } }));

describe('cart changes made offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    localStorage.clear();
  });

  it('wait while there is no network and are sent, in order, when it is back', async () => {
    const { pushChange } = await import('./cartSync');
    localStorage.setItem(STORAGE_KEYS.accessToken, 'tok');
    onlineManager.setOnline(false);
    pushChange('tok', 5, 1, 'add');
    pushChange('tok', 5, 3, 'set');
    await new Promise((r) => setTimeout(r, 50));
    expect(change).not.toHaveBeenCalled();
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(change).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(change.mock.calls.map((c) => (c as unknown as [{ mode: string }])[0].mode)).toEqual(['add', 'set']);
  });
});
