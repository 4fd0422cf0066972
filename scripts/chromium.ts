/**
 * The system Chromium (never a downloaded browser) and the flags it needs on
 * these machines: headless, no sandbox as root, and none of its background
 * connections, which the closed network refuses. Shared by the end-to-end
 * tests and `npm run lighthouse`.
 */
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
