/*
 * Starts the app once the server-rendered page has painted: its scripts (and
 * the chunks they import) are requested only then, so on a slow connection
 * they never hold back the page's CSS and text. The build writes the app's
 * file names into this tag (vite.config.ts, startAfterFirstPaint). A tab
 * opened in the background starts at once (it paints nothing until shown).
 */
(function () {
  var tag = document.currentScript;
  function start() {
    (tag.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = tag.getAttribute('data-app');
    document.head.appendChild(app);
  }
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();
