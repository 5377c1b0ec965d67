/*
 * Data-saver (prepaid mobile data): the storefront's toggle in the menu writes this cookie ('on' or 'off'), which the
 * server reads to send a page without its scripts and with small photos (apps/api/src/data-saver.ts). Without the
 * cookie, the browser's `Save-Data: on` header decides.
 */
export const DATA_SAVER_COOKIE = 'kasuwa_data_saver';

/**
 * The inline loader of a data-saver page (ES5, a few hundred bytes): the app's entry (named by <meta name="kasuwa-entry">)
 * is fetched on the visitor's first tap, key or focus, not with the page. The first click's target is kept in
 * window[DATA_SAVER_TAP]: the app clicks it again once it has hydrated (the tap that loaded the app also acts).
 * Its hash is allowed by the pages' CSP.
 */
export const DATA_SAVER_TAP = '__kasuwaTap';
export const DATA_SAVER_LOADER =
  "(function(w,d){var t=['pointerdown','keydown','focusin','touchstart'],o={capture:true,passive:true},g=function(){" +
  't.forEach(function(e){w.removeEventListener(e,g,o)});var m=d.querySelector(\'meta[name="kasuwa-entry"]\'),s;' +
  "if(!m)return;s=d.createElement('script');s.type='module';s.src=m.content;d.head.appendChild(s)}," +
  `c=function(e){w.removeEventListener('click',c,o);w.${DATA_SAVER_TAP}=e.target};` +
  "t.forEach(function(e){w.addEventListener(e,g,o)});w.addEventListener('click',c,o)})(window,document)";
