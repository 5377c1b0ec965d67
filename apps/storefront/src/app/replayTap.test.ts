import { DATA_SAVER_TAP } from '@kasuwa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAP_KEY } from './dataScriptId';
import { replayTap, stopKeepingTaps } from './replayTap';

const w = window as unknown as Record<string, unknown>;
afterEach(() => {
  delete w[TAP_KEY];
  document.body.innerHTML = '';
});

describe('replayTap: the tap that came before the app acts once the page has hydrated', () => {
  it('uses the data-saver loader’s name for the kept tap', () => {
    expect(TAP_KEY).toBe(DATA_SAVER_TAP);
  });

  it('clicks the kept button (from an icon inside it) once, then forgets it', () => {
    document.body.innerHTML = '<button type="button" id="add"><svg id="icon"></svg>Add</button>';
    const click = vi.fn();
    document.getElementById('add')!.addEventListener('click', click);
    w[TAP_KEY] = document.getElementById('icon');
    replayTap();
    replayTap();
    expect(click).toHaveBeenCalledTimes(1);
    expect(w[TAP_KEY]).toBeNull();
  });

  it('leaves links, form submits and disabled controls alone (the browser acted already, or nothing should)', () => {
    document.body.innerHTML =
      '<a href="/x" id="link"><span role="button" id="in-link">x</span></a><form><button id="submit">Go</button></form><button id="off" disabled>Off</button>';
    const click = vi.fn();
    document.body.addEventListener('click', click);
    for (const id of ['in-link', 'submit', 'off']) {
      w[TAP_KEY] = document.getElementById(id);
      replayTap();
    }
    expect(click).not.toHaveBeenCalled();
  });

  it('keeps nothing once the app hydrates (stopKeepingTaps): React sees later taps itself', () => {
    stopKeepingTaps();
    expect(w[TAP_KEY]).toBeNull();
    const kept = document.createElement('button');
    w[TAP_KEY] = kept;
    stopKeepingTaps();
    expect(w[TAP_KEY]).toBe(kept);
  });
});
