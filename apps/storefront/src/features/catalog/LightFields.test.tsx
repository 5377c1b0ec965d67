import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, startTransition, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LightSelect } from './LightFields';

const options = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price_asc', label: 'Price: low to high' },
];

interface Loading {
  done: boolean;
  promise: Promise<void>;
}

/** The page's results for `sort`: any other order than the first suspends until `loading` is done (a navigation still loading). */
function Results({ sort, loading }: { sort: string; loading: Loading }) {
  if (sort !== 'newest' && !loading.done) throw loading.promise;
  return <p>sorted by {sort}</p>;
}

/** A page that applies the choice in a transition, as the router does. */
function Page({ loading }: { loading: Loading }) {
  const [sort, setSort] = useState('newest');
  return (
    <>
      <LightSelect
        id="sort"
        label="Sort by"
        name="sort"
        value={sort}
        options={options}
        onChange={(e) => startTransition(() => setSort(e.target.value))}
      />
      <Suspense fallback={<p>loading</p>}>
        <Results sort={sort} loading={loading} />
      </Suspense>
    </>
  );
}

describe('a select whose page applies the choice in a transition', () => {
  it('shows the choice while the page is still getting there, then the page has it too', async () => {
    let finish!: () => void;
    const loading: Loading = { done: false, promise: new Promise<void>((ok) => (finish = ok)) };
    render(<Page loading={loading} />);
    const select = screen.getByLabelText('Sort by') as HTMLSelectElement;

    act(() => void fireEvent.change(select, { target: { value: 'price_asc' } }));
    // The transition is pending (the old results stay): the box must not fall back to the old value meanwhile.
    expect(screen.getByText('sorted by newest')).toBeTruthy();
    expect(select.value).toBe('price_asc');

    await act(async () => {
      loading.done = true;
      finish();
      await loading.promise;
    });
    expect(screen.getByText('sorted by price_asc')).toBeTruthy();
    expect(select.value).toBe('price_asc');
  });

  it('follows a new value from the page (the URL changed: back, a link, a reset)', () => {
    const { rerender } = render(<LightSelect id="s" label="Sort by" name="sort" value="newest" options={options} onChange={() => {}} />);
    rerender(<LightSelect id="s" label="Sort by" name="sort" value="price_asc" options={options} onChange={() => {}} />);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('price_asc');
  });
});
