/**
 * What `npm run bench:interaction` puts into every document before the
 * site's own scripts (addInitScript): it notes the tap, watches for the
 * page's answer, and reports both to the benchmark through a CDP binding,
 * as epoch times (performance.timeOrigin + a timestamp), so a tap in one
 * document and the first paint of the document it led to can be compared.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** The control tapped in a run, and how its answer shows in the same document. */
export interface Expected {
  /**
   * share: navigator.share called; category: the chosen button pressed;
   * more: the pager's link busy or more cards; link: the page at `path` shown.
   */
  kind: 'share' | 'category' | 'more' | 'link';
  /** The control's accessible name: the tap must land on it. */
  name: string;
  /** For a link: the pathname it leads to. */
  path?: string;
}

export interface TapReport {
  at: number;
  /** The app's React root exists (hydrated or hydrating) when the page handles the tap; null: the page has no app. */
  hydrated: boolean | null;
  /** The starter had asked for the app's scripts when the page handles the tap (src/app/boot.js's load()). */
  appRequested: boolean;
  /** The accessible name of the control under the finger ('' if none). */
  hit: string;
  /** First contentful paint of the tapped document (epoch ms). */
  paintedAt: number;
  documentOrigin: number;
}

export interface PaintReport {
  at: number;
  documentOrigin: number;
  url: string;
}

export interface Probe {
  tap: Promise<TapReport>;
  /** The accessible name of the control the click (made of the tap) went to, once there is one. */
  clicked?: string;
  /** The tapped document's own answer (epoch ms). */
  answer: Promise<number>;
  /**
   * The first frame in which the tapped document shows it took the tap (epoch
   * ms): its answer, or the busy state src/app/boot.js shows while the app it
   * hands the tap to starts (body[data-app-pending]).
   */
  seen: Promise<number>;
  /** Each document's first contentful paint, in the order they come. */
  paints: PaintReport[];
  /** When the page's last long task (≥ 50 ms) ended, as far as reported yet (epoch ms; 0: none). */
  busyUntil: number;
  onPaint: (listener: (paint: PaintReport) => void) => void;
}

/** Runs in the page: no imports, no closures over this module. */
function inPage(expected: Expected) {
  // A raw DevTools binding (a native function taking one string): a
  // Playwright binding costs 1–5 ms at 4× CPU a call, and the tap's report is
  // made inside the tap's own handlers, before the frame measured.
  const report = (name: string, value: unknown) =>
    (window as unknown as { __benchReport: (message: string) => void }).__benchReport(JSON.stringify([name, value]));
  const epoch = (timestamp: number) => performance.timeOrigin + timestamp;
  const nameOf = (el: Element | null) =>
    el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim() : '';

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'first-contentful-paint') continue;
      report('__benchPaint', { at: epoch(entry.startTime), documentOrigin: performance.timeOrigin, url: location.href });
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) report('__benchBusy', epoch(entry.startTime + entry.duration));
  }).observe({ type: 'longtask', buffered: true });

  // The rAF callback runs at the start of the first frame rendered after the
  // change; a task posted from it at the scheduler's highest priority runs
  // once that frame's style, layout and paint are done on the main thread,
  // so its time is when the change went to the screen (what Event Timing
  // calls the next paint). Not a message (MessageChannel): that waits behind
  // every ordinary task queued meanwhile, such as the app's fetch that the
  // starter begins after the frame, which the frame itself did not wait for
  // (measured on /pt: 30–170 ms more on the page, 0–30 ms on its copy).
  type PostTask = (callback: () => void, options: { priority: 'user-blocking' }) => unknown;
  const postTask = (window as unknown as { scheduler?: { postTask?: PostTask } }).scheduler?.postTask;
  const afterNextFrame = (done: () => void) =>
    requestAnimationFrame(() => {
      if (postTask) return void postTask.call((window as unknown as { scheduler: unknown }).scheduler, done, { priority: 'user-blocking' });
      const channel = new MessageChannel();
      channel.port1.onmessage = done;
      channel.port2.postMessage(null);
    });

  let seen = false;
  const see = (at: number) => {
    if (seen) return;
    seen = true;
    report('__benchSeen', at);
  };
  let answered = false;
  const answer = (at: number) => {
    see(at);
    if (answered) return;
    answered = true;
    report('__benchAnswer', at);
  };

  // A phone has a share sheet; the sheet is drawn by the system as soon as
  // the site asks for it, so the call is the answer.
  Object.defineProperty(Navigator.prototype, 'share', {
    configurable: true,
    value: () => {
      answer(epoch(performance.now()));
      return Promise.resolve();
    },
  });
  Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: () => true });

  const cards = () => document.querySelectorAll('#blog ul > li').length;
  let tapped = false;
  const onTap = (event: Event) => {
    if (tapped) return;
    tapped = true;
    const root = document.getElementById('root');
    const control = event.target instanceof Element ? event.target.closest('a, button') : null;
    report('__benchTap', {
      at: epoch(event.timeStamp),
      hydrated: root === null ? null : Object.keys(root).some((key) => key.startsWith('__reactContainer$')),
      appRequested: document.querySelector('script[type="module"][src]') !== null,
      hit: nameOf(control),
      // Read here: the observer's callback may still wait behind this event.
      paintedAt: epoch(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN),
      documentOrigin: performance.timeOrigin,
    });
    const cardsAtTap = cards();
    const headingAtTap = document.querySelector('h1');
    const shown: Record<Expected['kind'], () => boolean> = {
      share: () => false,
      category: () =>
        [...document.querySelectorAll('button[aria-pressed="true"]')].some((button) => nameOf(button) === expected.name),
      more: () => document.querySelector('#blog a[aria-disabled="true"]') !== null || cards() > cardsAtTap,
      link: () =>
        location.pathname === expected.path &&
        (headingAtTap === null || !headingAtTap.isConnected ||
          [...document.querySelectorAll('a[aria-current="page"]')].some((a) => new URL((a as HTMLAnchorElement).href).pathname === expected.path)),
    };
    const taken = new MutationObserver(() => {
      if (!document.body.hasAttribute('data-app-pending')) return;
      taken.disconnect();
      afterNextFrame(() => see(epoch(performance.now())));
    });
    taken.observe(document.body, { attributes: true, attributeFilter: ['data-app-pending'] });
    if (document.body.hasAttribute('data-app-pending')) afterNextFrame(() => see(epoch(performance.now())));
    const observer = new MutationObserver(() => {
      if (!shown[expected.kind]()) return;
      observer.disconnect();
      afterNextFrame(() => answer(epoch(performance.now())));
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  };
  let clicked = false;
  // The click comes at the finger's lift, hit-tested again: a page that
  // moved under the finger sends it elsewhere.
  window.addEventListener(
    'click',
    (event) => {
      if (clicked) return;
      clicked = true;
      report('__benchClick', nameOf(event.target instanceof Element ? event.target.closest('a, button') : null));
    },
    { capture: true },
  );
  // Passive: a listener that could cancel touches would make every scroll wait for the main thread.
  for (const type of ['pointerdown', 'touchstart']) window.addEventListener(type, onTap, { capture: true, passive: true });

  // Where the control is drawn once the page has drawn two frames (for whereDrawn below); null: not on screen.
  (window as unknown as { __benchWhereDrawn: () => Promise<{ x: number; y: number } | null> }).__benchWhereDrawn = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            const box = [...document.querySelectorAll('a[href], button')]
              .filter((el) => nameOf(el) === expected.name)
              .map((el) => el.getBoundingClientRect())
              .find((rect) => rect.width > 0 && rect.top >= 0 && rect.bottom <= innerHeight);
            resolve(box ? { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) } : null);
          }, 0),
        ),
      ),
    );
}

/**
 * Where the page draws the control it expects, after its next two frames
 * (waiting as long as its main thread is busy); null when not on screen.
 */
export function whereDrawn(page: Page): Promise<{ x: number; y: number } | null> {
  return page.evaluate(() => (window as unknown as { __benchWhereDrawn: () => Promise<{ x: number; y: number } | null> }).__benchWhereDrawn());
}

/**
 * Installs the probe in every document of the context; the reports come back
 * through a DevTools binding of the page's session, which every later
 * document of the page has too.
 */
export async function installProbe(context: BrowserContext, cdp: CDPSession, expected: Expected): Promise<Probe> {
  let tapped!: (report: TapReport) => void;
  let answered!: (at: number) => void;
  let saw!: (at: number) => void;
  const paints: PaintReport[] = [];
  const paintListeners: ((paint: PaintReport) => void)[] = [];
  const probe: Probe = {
    tap: new Promise((resolve) => (tapped = resolve)),
    answer: new Promise((resolve) => (answered = resolve)),
    seen: new Promise((resolve) => (saw = resolve)),
    paints,
    busyUntil: 0,
    onPaint: (listener) => paintListeners.push(listener),
  };
  const handlers: Record<string, (value: never) => void> = {
    __benchTap: (report: TapReport) => tapped(report),
    __benchAnswer: (at: number) => answered(at),
    __benchSeen: (at: number) => saw(at),
    __benchClick: (name: string) => (probe.clicked = name),
    __benchBusy: (until: number) => (probe.busyUntil = Math.max(probe.busyUntil, until)),
    __benchPaint: (paint: PaintReport) => {
      paints.push(paint);
      paintListeners.forEach((listener) => listener(paint));
    },
  };
  cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
    if (name !== '__benchReport') return;
    const [kind, value] = JSON.parse(payload) as [string, never];
    handlers[kind]?.(value);
  });
  // The binding's calls reach a session with the Runtime domain on.
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: '__benchReport' });
  // tsx names every function it compiles with a __name(…) helper that the
  // page does not have: a no-op one goes with the function.
  await context.addInitScript({ content: `(() => { const __name = (f) => f; (${inPage.toString()})(${JSON.stringify(expected)}); })();` });
  return probe;
}
