/* The last-resort screen replaces a page that throws (a chunk lost on a flaky connection); another address tries again. */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './AppRoutes';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

afterEach(() => vi.restoreAllMocks());

describe('PageErrorBoundary', () => {
  it('shows "Something went wrong" for a page that throws, and the next address renders again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <PageErrorBoundary path="/product/1">
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(document.title).toBe('Something went wrong · Kasuwa');
    rerender(
      <PageErrorBoundary path="/">
        <p>Home</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Home')).toBeTruthy();
  });
});
