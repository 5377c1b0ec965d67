import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { readSearchState } from './searchState';
import { PartialMatchesNote, SearchStatus } from './SearchStatus';

const state = readSearchState(new URLSearchParams('search=iphone 13 pro max'));
const status = (partial: boolean) =>
  render(
    <MemoryRouter>
      <SearchStatus results={{ correctedSearch: null, didYouMean: null, partial }} state={state} count="2 listings" />
    </MemoryRouter>,
  );

describe('a near-miss search says its results match only some of the words', () => {
  it('partial matches: "No exact matches for …" above the results', () => {
    status(true);
    expect(screen.getByText(/No exact matches for “iphone 13 pro max”\. Showing listings that match some of your words\./)).toBeTruthy();
    expect(screen.getByText(/2 listings/)).toBeTruthy();
  });

  it('a full match: no such notice', () => {
    status(false);
    expect(screen.queryByText(/No exact matches/)).toBeNull();
    expect(screen.getByText('2 listings')).toBeTruthy();
  });
});

describe('the note between full and partial matches', () => {
  it('is a row of the listings grid saying the rest match only some words', () => {
    render(
      <ul>
        <PartialMatchesNote />
      </ul>,
    );
    expect(screen.getByRole('listitem').textContent).toMatch(/Fewer listings match all your words\. These match some of them/);
  });
});
