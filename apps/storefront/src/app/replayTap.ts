import { TAP_KEY } from './dataScriptId';

/*
 * A tap on a server-rendered page before the app runs (its code loads after the first paint, or on data-saver's
 * first tap) does nothing: a button's handler is not there yet, and React only replays events that come after it
 * started hydrating. The first such click is kept (main.tsx, data-saver's loader) and the app clicks the control
 * again once the page has hydrated, so the tap that woke the page also acts. Links and form submits are left out:
 * the browser followed them already.
 */

const CONTROL = 'button, [role="button"], [role="switch"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="radio"]';

type TapWindow = Window & { [TAP_KEY]?: EventTarget | null };

/** From now on React sees the page's events (boot.tsx, when it hydrates): no later click is kept. */
export function stopKeepingTaps(): void {
  const w = window as TapWindow;
  w[TAP_KEY] ??= null;
}

/** Clicks the control of the kept tap, if any (once the page has hydrated). */
export function replayTap(): void {
  const w = window as TapWindow;
  const target = w[TAP_KEY];
  w[TAP_KEY] = null;
  if (!(target instanceof Element) || !target.isConnected) return;
  const control = target.closest<HTMLElement>(CONTROL);
  if (!control || control.closest('a[href]')) return;
  if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form) return;
  if (control.matches(':disabled, [aria-disabled="true"]')) return;
  control.click();
}
