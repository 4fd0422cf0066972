/**
 * The browser that the end-to-end tests and the browser benchmarks launch
 * (scripts/chromium.ts): a new browser context runs the page it is given and
 * nothing of the browser's own beside it (Chromium 156's address-bar popup,
 * two WebUI pages, cost ~1.9 s of CPU per context on this 2-core machine,
 * while the page measured loaded; decision 240, sixth round), and what
 * Playwright itself turns off stays off.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UI_FEATURES_OFF, launchChromium } from '../../scripts/chromium';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** The command line of the browser process this file started (Chromium tells it over CDP only with --enable-automation). */
function browserCommandLine(): string[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const parent = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        return parent === process.pid && args.includes('--remote-debugging-pipe') && !args.some((arg) => arg.startsWith('--type=')) ? [args] : [];
      } catch {
        return []; // gone meanwhile
      }
    });
  expect(children, 'one browser started by this test file').toHaveLength(1);
  return children[0]!;
}

const featuresOf = (args: string[], flag: string) =>
  args.filter((arg) => arg.startsWith(`${flag}=`)).map((arg) => arg.slice(flag.length + 1).split(','));

describe('the test browser', () => {
  it('runs no page of its own beside the one a new context opens', async () => {
    const context = await browser.newContext({ isMobile: true, hasTouch: true, viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      await page.setContent('<p>Uma página</p>');
      // The browser's own pages come with the window, within a second here; two leave time to see them.
      await page.waitForTimeout(2000);
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets');
      const others = targetInfos.filter((target) => target.type !== 'page' || target.url.startsWith('chrome://'));
      expect(others.map((target) => `${target.type} ${target.url}`)).toEqual([]);
      expect(targetInfos.filter((target) => target.type === 'page')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it("keeps Playwright's own disabled features beside ours (Chromium reads only the last --disable-features)", async () => {
    const args = browserCommandLine();
    const lists = featuresOf(args, '--disable-features');
    expect(lists.length, 'Playwright gives one list, we give the last').toBeGreaterThanOrEqual(2);
    const last = lists.at(-1)!;
    for (const feature of [...lists.slice(0, -1).flat(), ...BROWSER_UI_FEATURES_OFF]) expect(last).toContain(feature);
  });
});
