/**
 * One measure of `npm run bench:interaction`: a fresh phone (empty cache),
 * its CPU slowed 4×, the page loaded, and one tap on one control, either at
 * the page's first contentful paint or once it is idle; then how long until
 * the page answered. The tap goes through the DevTools protocol at a point
 * found beforehand (aim), not through a locator, which would wait for the
 * page to be ready first. Two things still come between the paint and the
 * finger: the paint is known here only when the page reports it (its main
 * thread may be busy), and a control below the fold is scrolled to first,
 * and tapped once the page has drawn it; the output prints that delay for
 * each tap.
 */
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { installProbe, whereDrawn, type Expected, type PaintReport } from './bench-interaction-probe.ts';

export const CPU_SLOWDOWN = 4;
const NO_ANSWER_AFTER_MS = 5000;
/** Idle: loaded, and this long without a long task (the app goes on working well after load). */
const QUIET_MS = 2000;
const NEVER_QUIET_AFTER_MS = 20_000;

export interface Control {
  /** What the output calls it: share, category, "Carregar mais"… */
  label: string;
  url: string;
  expected: Expected;
}

/** Where the control is once the page is scrolled as a reader would, to have it in front of her. */
export interface Aim {
  scroll: number;
  x: number;
  y: number;
}

export type Moment = 'paint' | 'idle';

export interface Outcome {
  /** From the first contentful paint to the finger down. */
  tapAfterPaint: number;
  /** null: the page has no app. */
  hydrated: boolean | null;
  /** The app's scripts were asked for before the tap: its evaluation may stand between the tap and its frame. */
  appRequested?: boolean;
  /** The finger landed on the control (its accessible name), or what it landed on. */
  hit: string | true;
  /** Where the click went when not to the control ('' for no control; undefined: it did, or there was none). */
  clickedElsewhere?: string;
  /** Tap to answer on screen; undefined: none within 5 s. */
  latency?: number;
  /** Tap to the first frame showing the tap was taken (the answer, or the page's busy state); undefined: none within 5 s. */
  seenAfter?: number;
  /** "this page" or the address of the page the tap led to. */
  answeredBy?: string;
}

/** Lighthouse's phone (a moto g power): what a reader on a mid-range phone has. */
export function phone(browser: Browser) {
  const major = browser.version().split('.')[0];
  return {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: `Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  };
}

/**
 * Brings a control below the fold in front of the reader: one wheel event,
 * which this Chromium applies at once (a synthetic touch stroke does not
 * scroll headless Chromium, and a gesture takes many frames of a busy page).
 */
export async function scrollBy(cdp: CDPSession, distance: number): Promise<void> {
  if (distance <= 0) return;
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x: 206, y: 400, deltaX: 0, deltaY: distance });
}

/**
 * A reader taps what she has been shown: after a scroll, the page's frames
 * that draw the place it brought on screen, and the control where they drew
 * it. The parts of the page below the fold are laid out only when near the
 * screen (content-visibility, decision 240): the frame after the scroll finds
 * them near, the next one lays them out at their real height, and the
 * browser may move the scroll by a few pixels to keep what she sees in place.
 * A tap sent with the wheel would land on the page as it was before; one sent
 * at the aim found on another load may land a few pixels off the control.
 * Waits as long as the page's main thread is busy, as she would.
 */
async function shown(page: Page, aimed: Aim): Promise<Aim> {
  const drawn = await whereDrawn(page);
  return drawn ? { scroll: aimed.scroll, ...drawn } : aimed;
}

/**
 * Finger down and up together: waiting for the page to acknowledge the
 * touchstart first would hold the finger down as long as the page is busy,
 * and that wait would count in the answer's time.
 */
async function tap(cdp: CDPSession, { x, y }: Aim): Promise<void> {
  await Promise.all([
    cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] }),
    cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
  ]);
}

/** A control to look for on a page, by role and accessible name as a reader finds it. */
export interface Wanted {
  label: string;
  kind: Expected['kind'];
  find: (page: Page) => Locator;
}

/**
 * The control as the page shows it, and where to tap it: the page loaded at
 * full speed, scrolled by the same gesture the measure makes, the control's
 * centre on screen. The pages are laid out with system fonts and sized image
 * boxes, so this is where the control is from the first paint on. Undefined
 * when the page has no such control.
 */
export async function aim(browser: Browser, url: string, wanted: Wanted): Promise<{ control: Control; aim: Aim } | undefined> {
  const context = await browser.newContext(phone(browser));
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const target = wanted.find(page).first();
    if ((await target.count()) === 0) return undefined;
    const found = await target.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      return {
        // As the probe names what the finger lands on.
        name: (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim(),
        path: el instanceof HTMLAnchorElement ? new URL(el.href).pathname : undefined,
        top: rect.top + scrollY,
        height: rect.height,
        viewport: innerHeight,
        pageHeight: document.documentElement.scrollHeight,
      };
    });
    const scroll = Math.round(Math.min(Math.max(0, found.top + found.height / 2 - found.viewport / 2), found.pageHeight - found.viewport));
    // The scroll is a reader's sign: the app starts (src/app/boot.js) and hydrates meanwhile; it leaves
    // the scroll where it is (useScrollToHash skips the loaded page), which the loop below checks.
    const cdp = await context.newCDPSession(page);
    for (let attempt = 1; ; attempt++) {
      await page.evaluate(() => scrollTo(0, 0));
      await scrollBy(cdp, scroll);
      await page.waitForTimeout(500);
      if (Math.abs((await page.evaluate(() => scrollY)) - scroll) <= 1) break;
      if (attempt === 5) throw new Error(`${url}: the page does not stay scrolled by ${scroll} px`);
    }
    const box = await target.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      return { x, y, onTop: el.contains(document.elementFromPoint(x, y)) };
    });
    if (!box.onTop) throw new Error(`${url}: ${wanted.label} is covered at (${box.x}, ${box.y}) once scrolled by ${scroll} px`);
    return {
      control: { label: wanted.label, url, expected: { kind: wanted.kind, name: found.name, path: wanted.kind === 'link' ? found.path : undefined } },
      aim: { scroll, x: Math.round(box.x), y: Math.round(box.y) },
    };
  } finally {
    await context.close();
  }
}

function firstPaintOf(cdp: CDPSession): Promise<void> {
  return new Promise((resolve) => {
    const listener = (event: { name: string }) => {
      if (event.name !== 'firstContentfulPaint') return;
      cdp.off('Page.lifecycleEvent', listener);
      resolve();
    };
    cdp.on('Page.lifecycleEvent', listener);
  });
}

const timeout = (ms: number) => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));

async function measureIn(context: BrowserContext, control: Control, target: Aim, moment: Moment): Promise<Outcome> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const probe = await installProbe(context, cdp, control.expected);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Page.enable');
  await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
  const painted = firstPaintOf(cdp);
  const loaded = page.goto(control.url, { waitUntil: 'load', timeout: 60_000 });
  // Not awaited yet: the measure goes on while the page loads.
  loaded.catch(() => undefined);
  await painted;
  if (moment === 'idle') {
    await loaded;
    const loadedAt = Date.now();
    while (Date.now() - Math.max(loadedAt, probe.busyUntil) < QUIET_MS && Date.now() - loadedAt < NEVER_QUIET_AFTER_MS) await timeout(100);
  }
  await scrollBy(cdp, target.scroll);
  await tap(cdp, target.scroll > 0 ? await shown(page, target) : target);

  const tapped = await Promise.race([probe.tap, timeout(NO_ANSWER_AFTER_MS)]);
  if (!tapped) return { tapAfterPaint: NaN, hydrated: null, hit: 'nothing: the page never saw the tap' };
  const hit = tapped.hit === control.expected.name ? true : tapped.hit || 'no control';
  const otherDocument = new Promise<PaintReport>((resolve) => {
    const isOther = (paint: PaintReport) => paint.documentOrigin !== tapped.documentOrigin;
    const earlier = probe.paints.find(isOther);
    if (earlier) resolve(earlier);
    else probe.onPaint((paint) => isOther(paint) && resolve(paint));
  });
  const seenAt = probe.seen.then((at) => at);
  const answer = await Promise.race([
    probe.answer.then((at) => ({ at, by: 'this page' })),
    otherDocument.then((paint) => ({ at: paint.at, by: new URL(paint.url).pathname + new URL(paint.url).search })),
    timeout(NO_ANSWER_AFTER_MS),
  ]);
  const latency = answer && answer.at - tapped.at <= NO_ANSWER_AFTER_MS ? answer.at - tapped.at : undefined;
  // A new document's first paint is also the first sight of the answer.
  const seenFirst = await Promise.race([seenAt, timeout(0)]);
  const seen = Math.min(seenFirst ?? Infinity, answer?.at ?? Infinity) - tapped.at;
  return {
    seenAfter: Number.isFinite(seen) && seen <= NO_ANSWER_AFTER_MS ? seen : undefined,
    tapAfterPaint: tapped.at - tapped.paintedAt,
    hydrated: tapped.hydrated,
    appRequested: tapped.appRequested,
    hit,
    latency,
    answeredBy: latency === undefined ? undefined : answer?.by,
    clickedElsewhere: probe.clicked === undefined || probe.clicked === control.expected.name ? undefined : probe.clicked,
  };
}

/** One measure in a context of its own (a new phone: empty cache, no service worker, no storage). */
export async function measure(browser: Browser, control: Control, target: Aim, moment: Moment): Promise<Outcome> {
  const context = await browser.newContext(phone(browser));
  try {
    return await measureIn(context, control, target, moment);
  } finally {
    await context.close();
  }
}
