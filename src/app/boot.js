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
 * A sign starts the app once the reader has been still for a moment: its
 * evaluation is one long task, and started at a scroll or a finger's touch it
 * came between her and the tap that followed.
 *
 * A tap before the app has taken over is answered at once (the page shows it
 * is busy, body[data-app-pending] in index.css). A link to another page is
 * then followed by the browser, once that frame is drawn: the page it leads to
 * is complete HTML, on screen sooner than the app could fetch, start and
 * render it. Any other tap (a button of the
 * page, a link to this page with other parameters) is held and handed to the
 * app when it is ready (window.siteBoot.ready(), from provider.tsx), which
 * answers it in place as it answers any tap. Should the app not come (its
 * script failed), the browser follows the link or sends the form after a while.
 */
(function () {
  var tag = document.currentScript;
  var root = document.getElementById('root');
  var state = document.getElementById('ssr-state');
  // The homes, the posts and her published work (the state's first field is its route's id:
  // src/app/ssr-state.ts). Not search: what she types before the app is there must not be lost.
  var waitsForReader = !!state && !!root && root.firstElementChild !== null &&
    /^\{"routeId":"(home|post|clips|clip-copy)-(pt|en)"/.test(state.textContent || '');
  // A finger's touch is one too: a scroll or a tap is under way, and the start waits for its end.
  var SIGNS = ['keydown', 'mousemove', 'wheel', 'scroll', 'focusin', 'pointerdown', 'touchstart'];
  /** Still this long after a sign, the reader is reading: the app starts. */
  var STILL_MS = 400;
  /** A reader who never stops (a long scroll, a pointer moving on) has the app this long after her first sign. */
  var AT_MOST_MS = 2000;
  var NATIVE_AFTER_MS = 8000;
  var started = false;
  var leaving = false;
  var held = null;
  var fallback;
  var soon;
  var firstSign;

  function onSign() {
    if (started || leaving) return;
    var now = Date.now();
    if (firstSign === undefined) firstSign = now;
    clearTimeout(soon);
    soon = setTimeout(start, Math.max(0, Math.min(STILL_MS, firstSign + AT_MOST_MS - now)));
  }

  function start() {
    if (started || leaving) return;
    started = true;
    clearTimeout(soon);
    SIGNS.forEach(function (type) { window.removeEventListener(type, onSign, true); });
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
    if (document.visibilityState === 'visible') onSign();
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
    // The tap sent again below, for the browser to follow as its own.
    if (leaving) return;
    var control = controlOf(event);
    // A tap elsewhere on the page is a sign too.
    if (!control) return onSign();
    event.preventDefault();
    event.stopImmediatePropagation();
    document.body.setAttribute('data-app-pending', '');
    clearTimeout(fallback);
    if (control.tagName === 'A' && new URL(control.href, location.href).pathname !== location.pathname) {
      // Another page: shown busy in the next frame, then the browser follows the link
      // (its target, referrer policy and all). No app starts for a page being left.
      leaving = true;
      clearTimeout(soon);
      requestAnimationFrame(function () {
        setTimeout(function () { control.click(); }, 0);
      });
      // Still here after a while (the answer was no page): the page is hers again.
      fallback = setTimeout(stay, NATIVE_AFTER_MS);
      return;
    }
    held = control;
    start();
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

  /** The page was not left after all. */
  function stay() {
    if (!leaving) return;
    leaving = false;
    clearTimeout(fallback);
    if (!held) document.body.removeAttribute('data-app-pending');
    if (!started) onSign();
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
  SIGNS.forEach(function (type) { window.addEventListener(type, onSign, { capture: true, passive: true }); });
  document.addEventListener('visibilitychange', onVisible);
  // Back to a page left by a link (the back/forward cache keeps it as it was): she is here again.
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) stay();
  });
})();
