import { COLOR_MODE_COOKIE, COLOR_SCHEME_SCRIPT, STORAGE_KEYS, SYSTEM_SCHEME_COOKIE } from '@kasuwa/contracts';
import type { IncomingMessage } from 'node:http';
import { colorSchemeOf, requestedScheme } from './color-scheme';

/** A browser as the head script sees it: its system scheme, a choice stored before the cookie existed, its cookies. */
function runScript(system: 'light' | 'dark', stored: string | null | 'blocked', cookies: Record<string, string> = {}) {
  const jar = new Map(Object.entries(cookies));
  const writes: string[] = [];
  const attributes: Record<string, string> = {};
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => void (attributes[name] = value) },
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair] = line.split(';');
      const [k, v] = pair.split('=');
      jar.set(k, v);
    },
  };
  const matchMedia = (q: string) => ({ matches: q === '(prefers-color-scheme: dark)' && system === 'dark' });
  const localStorage = {
    getItem: (key: string) => {
      if (stored === 'blocked') throw new Error('SecurityError');
      return key === STORAGE_KEYS.darkMode ? stored : null;
    },
  };
  new Function('document', 'matchMedia', 'localStorage', COLOR_SCHEME_SCRIPT)(document, matchMedia, localStorage);
  return { scheme: attributes['data-color-scheme'], jar: Object.fromEntries(jar), writes };
}

describe('the head script decides the mode before the first paint', () => {
  it('the choice in the cookie, else the system scheme', () => {
    expect(runScript('light', null, { [COLOR_MODE_COOKIE]: 'dark' }).scheme).toBe('dark');
    expect(runScript('dark', null, { [COLOR_MODE_COOKIE]: 'light' }).scheme).toBe('light');
    expect(runScript('dark', null, { [COLOR_MODE_COOKIE]: 'system' }).scheme).toBe('dark');
    expect(runScript('light', null).scheme).toBe('light');
    expect(runScript('dark', 'blocked').scheme).toBe('dark');
  });

  it('takes over a choice stored before the cookie existed; once there is a cookie, it alone counts', () => {
    const legacy = runScript('light', 'true');
    expect(legacy.scheme).toBe('dark');
    expect(legacy.jar).toEqual({ [COLOR_MODE_COOKIE]: 'dark', [SYSTEM_SCHEME_COOKIE]: 'light' });
    expect(runScript('dark', 'true', { [COLOR_MODE_COOKIE]: 'light' }).scheme).toBe('light');
    expect(runScript('light', 'true', { [COLOR_MODE_COOKIE]: 'system' }).scheme).toBe('light');
  });

  it('writes the choice and the system scheme for the server on every page (a capped cookie lives on)', () => {
    const first = runScript('dark', null);
    expect(first.jar).toEqual({ [COLOR_MODE_COOKIE]: 'system', [SYSTEM_SCHEME_COOKIE]: 'dark' });
    expect(first.writes).toEqual([
      `${COLOR_MODE_COOKIE}=system;path=/;max-age=31536000;samesite=lax`,
      `${SYSTEM_SCHEME_COOKIE}=dark;path=/;max-age=31536000;samesite=lax`,
    ]);
    expect(runScript('light', null, { [COLOR_MODE_COOKIE]: 'dark', [SYSTEM_SCHEME_COOKIE]: 'dark' }).jar).toEqual({
      [COLOR_MODE_COOKIE]: 'dark',
      [SYSTEM_SCHEME_COOKIE]: 'light',
    });
  });
});

describe('the scheme a page is rendered in', () => {
  const req = (headers: Record<string, string>) =>
    ({ headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) }) as IncomingMessage;

  it('is the choice, else the hint, else the system scheme the script saw, else unknown (rendered light)', () => {
    expect(requestedScheme(req({ Cookie: `a=b; ${COLOR_MODE_COOKIE}=dark`, 'Sec-CH-Prefers-Color-Scheme': '"light"' }))).toBe('dark');
    expect(
      requestedScheme(
        req({ Cookie: `${COLOR_MODE_COOKIE}=system; ${SYSTEM_SCHEME_COOKIE}=light`, 'Sec-CH-Prefers-Color-Scheme': '"dark"' }),
      ),
    ).toBe('dark');
    expect(requestedScheme(req({ Cookie: `${COLOR_MODE_COOKIE}=system; ${SYSTEM_SCHEME_COOKIE}=dark` }))).toBe('dark');
    expect(requestedScheme(req({}))).toBeNull();
    expect(colorSchemeOf(req({}))).toBe('light');
  });

  it('ignores what is not a scheme', () => {
    expect(
      requestedScheme(
        req({ Cookie: `${COLOR_MODE_COOKIE}=darkest; x${SYSTEM_SCHEME_COOKIE}=dark`, 'Sec-CH-Prefers-Color-Scheme': 'dark; q=1' }),
      ),
    ).toBeNull();
  });
});
