/**
 * The system Chromium (never a downloaded browser) and the flags it needs on
 * these machines: headless, no sandbox as root, and none of its background
 * connections, which the closed network refuses. Shared by the end-to-end
 * tests and the browser benchmarks (`npm run lighthouse`,
 * `npm run bench:interaction`, `npm run profile:public`).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The browser's own interface, loaded as web pages beside the page under
 * test. Chromium 156 builds its address bar's suggestion popup from two
 * WebUI pages (chrome://omnibox-popup.top-chrome) in a renderer of their own
 * for every new window, headless too, never shown. Measured here on
 * 2026-11-27: ~1.5 s of CPU in that renderer and ~0.4 s more in the browser
 * process for each new browser context, on a 2-core machine, while the page
 * measured loads; a phone's browser does nothing of the kind. With them
 * off, the interaction benchmark's one-button floor went from 148 to 75 ms
 * (median of 5, the same hour). Decision 240, sixth round.
 */
export const BROWSER_UI_FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

const DISABLE_FEATURES = '--disable-features=';

/**
 * One --disable-features with the launcher's own features and ours: Chromium
 * keeps only the last one it is given, so ours alone would turn back on what
 * Playwright or chrome-launcher turned off.
 */
export function disableFeaturesFlag(launcherArgs: readonly string[]): string {
  const theirs = launcherArgs
    .filter((arg) => arg.startsWith(DISABLE_FEATURES))
    .flatMap((arg) => arg.slice(DISABLE_FEATURES.length).split(','))
    .filter(Boolean);
  return DISABLE_FEATURES + [...new Set([...theirs, ...BROWSER_UI_FEATURES_OFF])].join(',');
}

let playwrightArgs: Promise<string[]> | undefined;

/** The arguments Playwright starts Chromium with (not exported by it: read from one launch's process). */
function argsOfPlaywright(): Promise<string[]> {
  playwrightArgs ??= chromium.launchServer({ executablePath: chromePath, args: CHROMIUM_FLAGS }).then(async (server) => {
    const args = server.process().spawnargs;
    await server.close();
    return args;
  });
  return playwrightArgs;
}

/** Fails with what to do when the system Chromium is missing: no browser is ever downloaded. */
export function requireChromium(): void {
  if (existsSync(chromePath)) return;
  throw new Error(
    `Chromium was not found at ${chromePath}. The tests and benchmarks use the system's Chromium and never download one: ` +
      'install it with `apt-get update && apt-get install -y chromium`, or point CHROME_PATH at a Chromium/Chrome binary.',
  );
}

/** The system Chromium through Playwright, headless, without the browser's own pages beside the site's. */
export async function launchChromium(): Promise<Browser> {
  requireChromium();
  const args = [...CHROMIUM_FLAGS, disableFeaturesFlag(await argsOfPlaywright())];
  return chromium.launch({ headless: true, executablePath: chromePath, args });
}
