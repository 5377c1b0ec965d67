import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { readSearchState, toProductQuery, toSearchString, useSearchState } from './searchState';

function Probe() {
  const [state, update] = useSearchState();
  const location = useLocation();
  return (
    <div>
      <output aria-label="url">{location.search}</output>
      <output aria-label="sort">{state.sort}</output>
      <button onClick={() => update({ search: '  Tubers  OF yam ' })}>search</button>
      <button onClick={() => update({ condition: 'used', minPrice: '₦250,000', maxPrice: '50000' })}>filter</button>
      <button onClick={() => update({ sort: 'price_asc' })}>cheapest</button>
    </div>
  );
}

describe('the search lives in the URL', () => {
  it('reads the address, with the spec’s type=used and bad values dropped', () => {
    const state = readSearchState(new URLSearchParams('search=Yam&type=used&stateId=25&cityId=abc&minPrice=1,000&sort=bogus'));
    expect(state).toMatchObject({ search: 'yam', condition: 'used', stateId: '25', cityId: '', minPrice: '1000', sort: 'relevance' });
    expect(readSearchState(new URLSearchParams('')).sort).toBe('newest');
  });

  it('carries attribute filters: read sorted, bad names dropped, written back, sent as attr.* (several values as a list)', () => {
    const state = readSearchState(
      new URLSearchParams('category=cars&attr.year.min=2010&attr.make=Toyota&attr.make=Honda&attr.Bad!=x&attr.colour=&other=1'),
    );
    expect(state.attrs).toEqual([
      ['make', 'Honda'],
      ['make', 'Toyota'],
      ['year.min', '2010'],
    ]);
    expect(toSearchString(state)).toBe('?category=cars&attr.make=Honda&attr.make=Toyota&attr.year.min=2010');
    expect(toProductQuery(state)).toMatchObject({ category: 'cars', 'attr.make': ['Honda', 'Toyota'], 'attr.year.min': '2010' });
    expect(readSearchState(new URLSearchParams('category=cars')).attrs).toBeUndefined();
  });

  it('writes defaults out of the address and orders a reversed price range', () => {
    const state = readSearchState(new URLSearchParams('minPrice=200000&maxPrice=50000&condition=foreign_used'));
    expect(toSearchString(state)).toBe('?condition=foreign_used&minPrice=50000&maxPrice=200000');
    expect(toProductQuery(state)).toMatchObject({ minPrice: '50000', maxPrice: '200000', condition: 'foreign_used', sort: 'newest' });
  });

  it('a typed query, filters and a chosen sort land in the URL (and a new query re-picks relevance)', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    const url = () => screen.getByLabelText('url').textContent ?? '';
    await user.click(screen.getByText('search'));
    expect(url()).toBe('?search=tubers+of+yam');
    expect(screen.getByLabelText('sort').textContent).toBe('relevance');
    await user.click(screen.getByText('filter'));
    expect(url()).toBe('?search=tubers+of+yam&type=used&minPrice=50000&maxPrice=250000');
    await user.click(screen.getByText('cheapest'));
    expect(url()).toContain('sort=price_asc');
    expect(window.location.search).toBe(url()); // a reload or a shared link gets the same search
    window.history.back();
    await screen.findByText('?search=tubers+of+yam&type=used&minPrice=50000&maxPrice=250000');
  });
});
