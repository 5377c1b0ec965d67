import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApiQuery } from './apiQuery';
import { appQueryClient } from './queryClient';

function Reader({ queryKey, seeded }: { queryKey: string[]; seeded?: string }) {
  const read = useApiQuery(queryKey, async () => 'fetched', { initialData: seeded });
  return <p>{read.data ?? 'loading'}</p>;
}

const tick = () => new Promise((ok) => setTimeout(ok, 20));

describe('useApiQuery and the server’s embedded answer', () => {
  it('keeps a seeded answer in the cache while no page shows it: hydration renders before it subscribes', async () => {
    // Hydration builds the query on render and subscribes at the commit, later: a seeded query dropped in between is
    // built again at the commit, and that changed result makes React hydrate the whole page in one long task.
    const view = render(<Reader queryKey={['seeded-test']} seeded="from the server" />);
    expect(view.getByText('from the server')).toBeTruthy();
    view.unmount();
    await tick();
    expect(
      appQueryClient()
        .getQueryCache()
        .find({ queryKey: ['seeded-test'] })?.state.data,
    ).toBe('from the server');
  });

  it('a page’s own read goes with the page (opened again, it loads afresh)', async () => {
    const view = render(<Reader queryKey={['own-test']} />);
    expect(await view.findByText('fetched')).toBeTruthy();
    view.unmount();
    await tick();
    expect(
      appQueryClient()
        .getQueryCache()
        .find({ queryKey: ['own-test'] }),
    ).toBeUndefined();
  });
});
