import { DATA_SAVER_COOKIE } from '@kasuwa/contracts';

/*
 * The data-saver toggle's state: the cookie the server reads (apps/api/src/data-saver.ts) when the visitor chose,
 * else the browser's own data-saver setting (Save-Data, which Chromium also shows as navigator.connection.saveData).
 */

const COOKIE = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=(on|off)(?:;|$)`);

type Env = { cookie: string; saveData?: boolean };

function env(): Env {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return { cookie: document.cookie, saveData: connection?.saveData };
}

/** True when pages are sent light: the visitor's choice, else the browser's setting. */
export function dataSaverChosen(e: Env = env()): boolean {
  const chosen = COOKIE.exec(e.cookie)?.[1];
  return chosen ? chosen === 'on' : e.saveData === true;
}

/** The cookie that remembers the choice for a year (the server renders every page by it). */
export function dataSaverCookie(on: boolean): string {
  return `${DATA_SAVER_COOKIE}=${on ? 'on' : 'off'};path=/;max-age=31536000;samesite=lax`;
}

/** Records the choice; the next page the server sends follows it, and this page stops prefetching at once. */
export function setDataSaver(on: boolean): void {
  document.cookie = dataSaverCookie(on);
  if (on) document.documentElement.dataset.dataSaver = 'on';
  else delete document.documentElement.dataset.dataSaver;
}

/** True when this page was sent in data-saver mode (the server marks <html data-data-saver="on">) or it was just chosen: no prefetching. */
export function dataSaverOn(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.dataSaver === 'on';
}
