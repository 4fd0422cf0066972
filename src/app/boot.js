/*
 * Starts the app (docs/decisions/240). A server-rendered public page is
 * complete HTML: every link and form works without the app, so the app's
 * scripts are fetched only when a reader is there — her first tap, key,
 * pointer move, scroll or focus, or her coming back to the tab — and a page
 * that is only loaded (a crawler, a link preview, a tab opened in the
 * background) runs no more script than this. The other pages (/auth, /admin,
 * the 404 page, a review link, the newsletter's pages, a static host's
 * fallback) start the app once they have painted, as before. The build
 * writes the app's file names into this tag (vite.config.ts).
 *
 * A tap on a link or button of the page before the app has taken over is
 * not lost and does not reload the page: it is answered at once (the page
 * shows it is busy, body[data-app-pending] in index.css), held, and handed to
 * the app when it is ready (window.siteBoot.ready(), from main.tsx), which
 * answers it as it answers any tap. Should the app not come (its script
 * failed), the browser follows the link or sends the form after a while.
 */
(function () {
  var tag = document.currentScript;
  var root = document.getElementById('root');
  var state = document.getElementById('ssr-state');
  // The homes and the posts (the state's first field is its route's id: src/app/ssr-state.ts).
  var waitsForReader = !!state && !!root && root.firstElementChild !== null &&
    /^\{"routeId":"(home|post)-(pt|en)"/.test(state.textContent || '');
  // Not a touch's start: the tap that may follow is the sign, seen first (onTap), and a
  // touch that scrolls scrolls. Started at touchstart, the app's evaluation (one long
  // task) came between the finger and the tap's click, and the tap waited 300 ms for it.
  var SIGNS = ['keydown', 'mousemove', 'wheel', 'scroll', 'focusin'];
  var NATIVE_AFTER_MS = 8000;
  var started = false;
  var held = null;
  var fallback;

  function start() {
    if (started) return;
    started = true;
    SIGNS.forEach(function (type) { window.removeEventListener(type, start, true); });
    document.removeEventListener('visibilitychange', onVisible);
    // After the next frame: the app's evaluation is one long task, and a tap
    // taken in this same turn must be seen as taken before it.
    // A hidden tab draws no frame.
    if (document.visibilityState === 'hidden') setTimeout(load, 0);
    else requestAnimationFrame(function () { setTimeout(load, 0); });
  }

  function load() {
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

  function onVisible() {
    if (document.visibilityState === 'visible') start();
  }

  /** The control a tap is for, when the app answers it: a link within the site or a button of the page. */
  function controlOf(event) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return null;
    var control = event.target instanceof Element ? event.target.closest('a[href], button') : null;
    if (!control || !root.contains(control) || control.disabled) return null;
    if (control.tagName === 'A') {
      var url = new URL(control.href, location.href);
      if (url.origin !== location.origin || control.target === '_blank' || control.hasAttribute('download')) return null;
      // A jump within the page (the skip link, #blog) needs no app.
      if (url.pathname === location.pathname && url.search === location.search && url.hash) return null;
    }
    return control;
  }

  function onTap(event) {
    var control = controlOf(event);
    // A tap elsewhere on the page is a sign too.
    if (!control) return start();
    event.preventDefault();
    event.stopImmediatePropagation();
    held = control;
    document.body.setAttribute('data-app-pending', '');
    start();
    clearTimeout(fallback);
    fallback = setTimeout(native, NATIVE_AFTER_MS);
  }

  /** No app: what the page does without one. */
  function native() {
    var control = held;
    release();
    if (!control) return;
    if (control.tagName === 'A') location.assign(control.href);
    else if (control.form && control.type === 'submit') control.form.requestSubmit(control);
  }

  function release() {
    held = null;
    clearTimeout(fallback);
    document.removeEventListener('click', onTap, true);
    document.body.removeAttribute('data-app-pending');
  }

  window.siteBoot = {
    /** Whether the reader gave a sign already (the app's live updates start at once then). */
    present: function () { return started && waitsForReader; },
    /** The app answers taps now: the one held is handed to it. */
    ready: function () {
      var control = held;
      release();
      if (control && control.isConnected) control.click();
    },
  };

  if (!waitsForReader) {
    start();
    return;
  }
  document.addEventListener('click', onTap, true);
  SIGNS.forEach(function (type) { window.addEventListener(type, start, { capture: true, passive: true }); });
  document.addEventListener('visibilitychange', onVisible);
})();
