/** The id of the <script type="application/json"> holding a server-rendered page's data (no imports: main.tsx reads it). */
export const DATA_SCRIPT_ID = 'kasuwa-data';

/**
 * Where the first click on a server-rendered page before the app runs is kept (window[TAP_KEY]): main.tsx keeps it
 * (and data-saver's loader, DATA_SAVER_TAP in contracts: the same name), and the app clicks it again once it has
 * hydrated (app/replayTap.ts). Null once the app has started: React replays later events itself.
 */
export const TAP_KEY = '__kasuwaTap';
