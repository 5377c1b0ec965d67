import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { appQueryClient, retryBackoff, retryOnNetwork } from './queryClient';

describe('storefront reads on a flaky network', () => {
  it('retries a read only when no answer came back, twice (the error shows within about 3 s)', () => {
    expect(retryOnNetwork(0, new ApiError('Network Error', null))).toBe(true);
    expect(retryOnNetwork(1, new ApiError('Network Error', null))).toBe(true);
    expect(retryOnNetwork(2, new ApiError('Network Error', null))).toBe(false);
    expect(retryOnNetwork(0, new ApiError('Product not found.', 404))).toBe(false);
    expect(retryOnNetwork(0, new ApiError('Server error', 500))).toBe(false);
  });

  it('backs off 1 s, 2 s, 4 s… up to 15 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryBackoff)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
  });

  it('refetches every read on reconnect and tries the first fetch even offline (the service worker may answer)', () => {
    const q = appQueryClient().getDefaultOptions().queries!;
    expect(q.refetchOnReconnect).toBe('always');
    expect(q.networkMode).toBe('offlineFirst');
    expect(q.retry).toBe(retryOnNetwork);
  });

  it('fetches a read again when the network comes back', async () => {
    const client = appQueryClient();
    let calls = 0;
    await client.fetchQuery({ queryKey: ['reconnect-test'], queryFn: async () => ++calls });
    const { QueryObserver } = await import('@tanstack/react-query');
    const stop = new QueryObserver(client, { queryKey: ['reconnect-test'], queryFn: async () => ++calls }).subscribe(() => undefined);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(calls).toBe(2), { timeout: 10_000 });
    stop();
  });
});
