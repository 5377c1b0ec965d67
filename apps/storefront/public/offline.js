// The offline page (the service worker's fallback): lists the pages its cache holds, by their titles, newest first.
(function () {
  var list = document.getElementById('offline-pages');
  // Pages the server sends as the plain app shell carry the site's title: named here by their address.
  var NAMES = [[/^\/$/, 'Home'], [/^\/saved/, 'Saved items'], [/^\/profile/, 'Your profile and orders'], [/^\/inbox\/\d/, 'A conversation'], [/^\/inbox/, 'Messages'], [/^\/orders\//, 'An order']];
  function named(path, title) {
    for (var i = 0; i < NAMES.length; i++) if (NAMES[i][0].test(path)) return NAMES[i][1];
    return title;
  }
  document.getElementById('offline-retry').addEventListener('click', function () {
    location.reload();
  });
  function show(items) {
    list.textContent = '';
    if (!items.length) {
      var none = document.createElement('li');
      none.textContent = 'No pages saved yet: pages you open while online are kept here.';
      list.appendChild(none);
      return;
    }
    items.forEach(function (item) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = item.url;
      a.textContent = item.title;
      var small = document.createElement('small');
      small.textContent = item.path;
      a.appendChild(small);
      li.appendChild(a);
      list.appendChild(li);
    });
  }
  if (!('caches' in window)) return show([]);
  caches
    .open('kasuwa-pages')
    .then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(
          requests.reverse().map(function (req) {
            return cache.match(req).then(function (res) {
              return res ? res.text() : '';
            }).then(function (html) {
              var m = /<title>([^<]*)<\/title>/i.exec(html);
              var title = m ? m[1].replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"') : 'Kasuwa';
              var url = new URL(req.url);
              var generic = /Where Commerce Lives/.test(title);
              var name = title.replace(/ · Kasuwa.*$/, '') || 'Kasuwa';
              return { url: url.pathname + url.search, path: url.pathname + url.search, title: generic ? named(url.pathname, name) : name };
            });
          }),
        );
      });
    })
    .then(show, function () {
      show([]);
    });
})();
