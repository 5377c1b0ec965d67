import { COLOR_MODE_COOKIE, STORAGE_KEYS, SYSTEM_SCHEME_COOKIE } from '@kasuwa/contracts';
import type { IncomingMessage } from 'node:http';
import { COLOR_SCHEME_SCRIPT, colorSchemeOf, requestedScheme } from './color-scheme';

/** A browser as the head script sees it: its system scheme, what the storefront stored, the cookies it holds. */
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

describe('the head script sets the colours before the first paint, as the storefront will', () => {
  it('follows the stored choice, else the system', () => {
    expect(runScript('dark', null).scheme).toBe('dark');
    expect(runScript('light', null).scheme).toBe('light');
    expect(runScript('dark', 'false').scheme).toBe('light');
    expect(runScript('light', 'true').scheme).toBe('dark');
    expect(runScript('dark', 'blocked').scheme).toBe('dark');
  });

  it('mirrors the choice and the system scheme into the cookies the server reads, writing only what changed', () => {
    const first = runScript('dark', null);
    expect(first.jar).toEqual({ [COLOR_MODE_COOKIE]: 'system', [SYSTEM_SCHEME_COOKIE]: 'dark' });
    expect(first.writes[0]).toBe(`${COLOR_MODE_COOKIE}=system;path=/;max-age=31536000;samesite=lax`);
    // A choice stored before the cookie existed reaches the server.
    expect(runScript('dark', 'false', first.jar).jar).toEqual({ [COLOR_MODE_COOKIE]: 'light', [SYSTEM_SCHEME_COOKIE]: 'dark' });
    expect(runScript('dark', null, first.jar).writes).toEqual([]);
  });
});

describe('the scheme a page is rendered in', () => {
  const req = (headers: Record<string, string>) => ({ headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) }) as IncomingMessage;

  it('is the choice, else the hint, else the system scheme the script saw, else unknown (rendered light)', () => {
    expect(requestedScheme(req({ Cookie: `a=b; ${COLOR_MODE_COOKIE}=dark`, 'Sec-CH-Prefers-Color-Scheme': '"light"' }))).toBe('dark');
    expect(requestedScheme(req({ Cookie: `${COLOR_MODE_COOKIE}=system; ${SYSTEM_SCHEME_COOKIE}=light`, 'Sec-CH-Prefers-Color-Scheme': '"dark"' }))).toBe('dark');
    expect(requestedScheme(req({ Cookie: `${COLOR_MODE_COOKIE}=system; ${SYSTEM_SCHEME_COOKIE}=dark` }))).toBe('dark');
    expect(requestedScheme(req({}))).toBeNull();
    expect(colorSchemeOf(req({}))).toBe('light');
  });

  it('ignores what is not a scheme', () => {
    expect(requestedScheme(req({ Cookie: `${COLOR_MODE_COOKIE}=darkest; x${SYSTEM_SCHEME_COOKIE}=dark`, 'Sec-CH-Prefers-Color-Scheme': 'dark; q=1' }))).toBeNull();
  });
});
