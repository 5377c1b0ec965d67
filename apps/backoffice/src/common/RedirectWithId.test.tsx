import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RedirectWithId } from './RedirectWithId';

const Where = () => <p>at {useLocation().pathname}</p>;

describe('RedirectWithId (route aliases)', () => {
  it("sends /things/:id/show to the record's own page", async () => {
    render(
      <MemoryRouter initialEntries={['/things/42/show']}>
        <Routes>
          <Route path="/things/:id/show" element={<RedirectWithId to={(id) => `/app/things/${id}`} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByText(/^at /)).textContent).toBe('at /app/things/42');
  });
});
