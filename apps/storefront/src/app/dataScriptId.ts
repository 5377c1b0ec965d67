/** The id of the <script type="application/json"> holding a server-rendered page's data (no imports: main.tsx reads it). */
export const DATA_SCRIPT_ID = 'kasuwa-data';
