/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser),
 * with what every end-to-end test wants: a screenshot per page (E2E_SCREENSHOTS=1), and a failure
 * on any console error or uncaught exception the test did not expect.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { chromePath, launchChromium } from '../../../scripts/chromium';
import { repoRoot } from './app-server';

export { chromePath };
export const screenshotDir = join(repoRoot, 'tests', 'e2e', 'screenshots');

interface ConsoleProblem {
  page: string;
  text: string;
}

/** One browser for a test file, with its console watch and screenshots. */
export class E2E {
  private problems: ConsoleProblem[] = [];
  private shots = 0;

  private constructor(
    readonly browser: Browser,
    readonly baseUrl: string,
    private readonly prefix: string,
  ) {}

  static async open(baseUrl: string, prefix: string): Promise<E2E> {
    mkdirSync(screenshotDir, { recursive: true });
    // This file's screenshots of an earlier run would mix with this run's.
    for (const f of readdirSync(screenshotDir)) if (f.startsWith(`${prefix}-`)) rmSync(join(screenshotDir, f));
    return new E2E(await launchChromium(), baseUrl, prefix);
  }

  /**
   * A fresh browser profile (its own storage, so its own session). There is no
   * navigator.share on desktop Linux; it is removed anyway so the clipboard
   * fallback is what runs, whatever the Chromium build.
   */
  async newContext(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
    const context = await this.browser.newContext({
      ...options,
      baseURL: this.baseUrl,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: { width: 1280, height: 900 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: this.baseUrl });
    await context.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
      delete (Navigator.prototype as { canShare?: unknown }).canShare;
    });
    context.on('page', (page) => this.watch(page));
    return context;
  }

  async newPage(context?: BrowserContext): Promise<Page> {
    const page = await (context ?? (await this.newContext())).newPage();
    page.setDefaultTimeout(15_000);
    // Playwright has the browser hand it file choosers only while someone listens, and turns that on
    // without waiting: a waitForEvent('filechooser') made just before the key could lose that race
    // (seen once in CI: the chooser opened unseen). One listener for the page's life keeps it on.
    page.on('filechooser', () => undefined);
    return page;
  }

  /** Every console message of every type, for tests that look for warnings too (hydration). */
  readonly messages: { page: string; type: string; text: string }[] = [];

  private watch(page: Page) {
    page.on('console', (msg) => {
      this.messages.push({ page: page.url(), type: msg.type(), text: msg.text() });
      if (msg.type() === 'error') {
        const where = msg.location().url;
        this.problems.push({ page: page.url(), text: `${msg.text()}${where ? ` (${where})` : ''}` });
      }
    });
    page.on('pageerror', (error) => this.problems.push({ page: page.url(), text: `uncaught: ${error.message}` }));
  }

  /** Console errors seen since the last call, minus the expected ones. */
  takeConsoleErrors(expected: RegExp[] = []): ConsoleProblem[] {
    const seen = this.problems;
    this.problems = [];
    return seen.filter((p) => !expected.some((re) => re.test(p.text)));
  }

  /**
   * Waits for a console error the page writes on purpose (the 404 page's log
   * comes from an effect, after the text the test waited for is painted).
   */
  async waitForConsoleError(pattern: RegExp) {
    await expect.poll(() => this.problems.some((p) => pattern.test(p.text)), { timeout: 5_000 }).toBe(true);
  }

  /** Fails the test on any console error it did not name as expected. */
  expectNoConsoleErrors(expected: RegExp[] = []) {
    const unexpected = this.takeConsoleErrors(expected);
    expect(unexpected, `unexpected console errors:\n${unexpected.map((p) => `${p.page}: ${p.text}`).join('\n')}`).toEqual(
      [],
    );
  }

  /**
   * Keeps a full-page screenshot in tests/e2e/screenshots/ for a person to look
   * at, when E2E_SCREENSHOTS=1: each costs about half a second of the machine's
   * two cores (a full-page paint and a PNG), 40 s a run that no one looks at in CI.
   */
  async screenshot(page: Page, name: string) {
    if (!process.env.E2E_SCREENSHOTS) return;
    this.shots += 1;
    const file = `${this.prefix}-${String(this.shots).padStart(2, '0')}-${name}.png`;
    // caret 'initial': hiding it, Playwright writes `caret-color` into the fields' style, and a
    // form React has not hydrated yet then fails hydration on an attribute the server never sent.
    await page.screenshot({ path: join(screenshotDir, file), fullPage: true, caret: 'initial' });
  }

  /** axe-core in this browser: prints everything found, returns the serious and critical violations. */
  async accessibility(page: Page, label: string) {
    // Judge the settled page: data loaded, fade-ins (settings arriving) finished.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const result = await new AxeBuilder({ page }).analyze();
    const lines = result.violations.map(
      (v) => `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}×: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')})`,
    );
    console.log(
      `axe ${label} (${page.url()}): ${result.violations.length} violation(s), ${result.passes.length} rules passed` +
        (lines.length ? `\n${lines.join('\n')}` : ''),
    );
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  }

  /** Fails the test on any serious or critical axe-core violation of the settled page, naming each. */
  async expectAccessible(page: Page, label: string): Promise<void> {
    const serious = await this.accessibility(page, label);
    expect(
      serious.map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `serious or critical accessibility violations on ${label}`,
    ).toEqual([]);
  }

  /**
   * Stricter than expectAccessible: axe-core's rules for WCAG 2.0, 2.1 and
   * 2.2 A and AA only (so target-size, which axe's default set leaves out,
   * runs) and any violation fails, whatever its impact.
   */
  async expectWcag22AA(page: Page, label: string): Promise<void> {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    const found = result.violations.map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    console.log(`axe WCAG 2.2 AA ${label} (${page.url()}): ${result.violations.length} violation(s), ${result.passes.length} rules passed`);
    expect(found, `WCAG 2.2 AA violations on ${label}`).toEqual([]);
  }

  async close() {
    await this.browser.close();
  }
}

/** A unique tag for names this run creates (posts, users). */
export const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
