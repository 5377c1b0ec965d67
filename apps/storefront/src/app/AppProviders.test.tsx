/*
 * No light flash: the server renders a page in the user's colours, told by the cookie the theme toggle writes; a page
 * the server rendered dark is hydrated dark; the app starts in the mode the head script decided (<html data-color-scheme>).
 */
import { COLOR_MODE_COOKIE } from '@kasuwa/contracts';
import { useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { TopBar } from '../features/layout/TopBar';
import { App } from './App';
import type { InitialData } from './initialData';

const cookieMode = () => new RegExp(`(?:^|; )${COLOR_MODE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];

function PaletteProbe() {
  return <p data-testid="palette">{useTheme().palette.mode}</p>;
}

const page = (data?: InitialData) => (
  <App data={data}>
    <MemoryRouter>
      <TopBar />
      <PaletteProbe />
    </MemoryRouter>
  </App>
);

/** What the head script does before the app starts: it marks <html> with the mode it decided. */
const headScriptDecided = (mode: 'light' | 'dark') => document.documentElement.setAttribute('data-color-scheme', mode);

beforeEach(() => {
  document.cookie = `${COLOR_MODE_COOKIE}=; max-age=0; path=/`;
  document.documentElement.removeAttribute('data-color-scheme');
});

describe('the theme toggle tells the server the choice', () => {
  it('switching to dark and back writes the cookie the server renders by, and marks <html> for the pre-paint style', async () => {
    headScriptDecided('light');
    const user = userEvent.setup();
    render(page());
    expect(screen.getByTestId('palette').textContent).toBe('light');
    expect(cookieMode()).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(screen.getByTestId('palette').textContent).toBe('dark');
    expect(cookieMode()).toBe('dark');
    expect(document.documentElement.getAttribute('data-color-scheme')).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(screen.getByTestId('palette').textContent).toBe('light');
    expect(cookieMode()).toBe('light');
    expect(document.documentElement.getAttribute('data-color-scheme')).toBe('light');
  });

  it('a page the browser renders starts in the mode the head script decided', () => {
    headScriptDecided('dark');
    render(page());
    expect(screen.getByTestId('palette').textContent).toBe('dark');
  });

  it('a page the server rendered dark is hydrated in the dark theme (no switch, no mismatch)', () => {
    headScriptDecided('dark');
    render(page({ now: Date.now(), colorMode: 'dark' }));
    expect(screen.getByTestId('palette').textContent).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeTruthy();
  });

  it('a page the server rendered light is hydrated light, whatever the head script decided (it switches once the page has hydrated)', () => {
    headScriptDecided('dark');
    render(page({ now: Date.now(), colorMode: 'light' }));
    expect(screen.getByTestId('palette').textContent).toBe('light');
  });
});

describe('a page the server rendered dark', () => {
  it('hydrates without a mismatch: the same markup, the dark theme from the first pass', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('react');
    const data: InitialData = { now: Date.now(), colorMode: 'dark' };
    const html = renderToString(page(data));
    expect(html).toContain('>dark</p>');
    expect(html).toContain('aria-label="Switch to light mode"');
    headScriptDecided('dark');
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.appendChild(root);
    const errors: unknown[][] = [];
    const recoverable: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      await act(async () => {
        hydrateRoot(root, page(data), { onRecoverableError: (e) => void recoverable.push(e) });
      });
    } finally {
      console.error = original;
    }
    expect(recoverable).toEqual([]);
    expect(errors.filter((args) => /hydrat|did not match/i.test(String(args[0])))).toEqual([]);
    expect(root.querySelector('[data-testid="palette"]')?.textContent).toBe('dark');
    root.remove();
  });
});
