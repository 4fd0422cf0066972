/**
 * The pages' starter (src/app/boot.js, decision 240), run as the page runs it:
 * when a reader's sign starts the app, and what becomes of a tap made before
 * the app has taken over.
 */
import starterSource from './boot.js?raw';
import { READER_INPUT } from '@/lib/when-reader-is-here';

let page = 0;

/** A server-rendered home with its starter; each page has an app address of its own. */
function loadPage(routeId = 'home-pt') {
  page += 1;
  const app = `/assets/app-${page}.js`;
  document.body.innerHTML = `
    <div id="root"><main>
      <a href="/en">EN</a>
      <a href="/pt?category=crise">Comunicação de Crise</a>
      <a href="#blog">Blog</a>
      <button type="button">Compartilhar</button>
    </main></div>
    <script id="ssr-state" type="application/json">{"routeId":"${routeId}","queries":[]}</script>`;
  const tag = document.createElement('script');
  tag.setAttribute('data-app', app);
  tag.setAttribute('data-preload', '/assets/react-1.js');
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => tag });
  new Function(starterSource)();
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => null });
  return {
    appStarted: () => document.head.querySelector(`script[src="${app}"]`) !== null,
    busy: () => document.body.hasAttribute('data-app-pending'),
  };
}

/** A tap's click as the browser dispatches it; whether the page kept the browser from its own action. */
function tap(element: Element): boolean {
  let seenLast: boolean | undefined;
  // Read last, then kept from jsdom, which cannot go to another document (a click the
  // starter holds goes no further than the starter).
  const last = (event: Event) => {
    seenLast = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', last);
  const notCancelled = element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  window.removeEventListener('click', last);
  return seenLast ?? !notCancelled;
}

const byText = (text: string) => [...document.querySelectorAll('a, button')].find((el) => el.textContent === text)!;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  window.history.replaceState(null, '', '/pt');
});

afterEach(() => {
  vi.useRealTimers();
  delete (window as { siteBoot?: unknown }).siteBoot;
});

describe('the starter of a home or a post', () => {
  it('starts the app once the reader has been still for a moment after a sign, not at the sign', () => {
    const { appStarted } = loadPage();
    vi.advanceTimersByTime(5000);
    expect(appStarted()).toBe(false);
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(300);
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(300);
    expect(appStarted()).toBe(false);
    vi.advanceTimersByTime(200);
    expect(appStarted()).toBe(true);
  });

  it('starts it 2 s after the first sign for a reader who never stops', () => {
    const { appStarted } = loadPage();
    for (let elapsed = 0; elapsed < 1900; elapsed += 100) {
      window.dispatchEvent(new MouseEvent('mousemove'));
      vi.advanceTimersByTime(100);
    }
    expect(appStarted()).toBe(false);
    window.dispatchEvent(new MouseEvent('mousemove'));
    vi.advanceTimersByTime(200);
    expect(appStarted()).toBe(true);
  });

  it('holds a tap on a button, shows the page busy at once, starts the app, and hands the tap to it', () => {
    const { appStarted, busy } = loadPage();
    const share = byText('Compartilhar');
    const answered = vi.fn();
    share.addEventListener('click', answered);
    expect(tap(share)).toBe(true);
    expect(busy()).toBe(true);
    expect(answered).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(appStarted()).toBe(true);
    window.siteBoot!.ready();
    expect(answered).toHaveBeenCalledTimes(1);
    expect(busy()).toBe(false);
  });

  it('holds a link to this page with other parameters (the category filter) for the app', () => {
    const { busy } = loadPage();
    expect(tap(byText('Comunicação de Crise'))).toBe(true);
    expect(busy()).toBe(true);
  });

  it('shows a link to another page taken, then lets the browser follow it, starting no app for the page being left', () => {
    const { appStarted, busy } = loadPage();
    const followed: boolean[] = [];
    // What reaches the page's end: a click the browser acts on unless prevented (then kept from jsdom).
    const browser = (event: Event) => {
      followed.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', browser);
    window.dispatchEvent(new MouseEvent('mousemove'));
    expect(tap(byText('EN'))).toBe(true);
    expect(busy()).toBe(true);
    expect(followed).toEqual([]);
    // The frame with the busy bar, then the link again, for the browser.
    vi.advanceTimersByTime(20);
    expect(followed).toEqual([true]);
    vi.advanceTimersByTime(3000);
    expect(appStarted()).toBe(false);
    expect(busy()).toBe(true);
    window.removeEventListener('click', browser);
  });

  it('is the reader’s again when the browser did not leave the page after all', () => {
    const { appStarted, busy } = loadPage();
    tap(byText('EN'));
    vi.advanceTimersByTime(7000);
    expect(busy()).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(busy()).toBe(false);
    vi.advanceTimersByTime(500);
    expect(appStarted()).toBe(true);
  });

  it('leaves a jump within the page to the browser and starts nothing for it', () => {
    const { busy } = loadPage();
    expect(tap(byText('Blog'))).toBe(false);
    expect(busy()).toBe(false);
  });

  it('starts other pages’ app (auth, admin, 404…) after the first frame, with no sign', () => {
    const { appStarted } = loadPage('not-found');
    vi.advanceTimersByTime(20);
    expect(appStarted()).toBe(true);
  });

  it('knows the same signs as the app’s own wait for the reader', () => {
    const signs = /var SIGNS = \[([^\]]*)\]/.exec(starterSource)![1]!.match(/'([a-z]+)'/g)!.map((quoted) => quoted.slice(1, -1));
    expect(new Set(signs)).toEqual(new Set(READER_INPUT));
  });
});
