/**
 * Where the keyboard's focus is, for the tests that walk a screen by keyboard
 * alone (the archive tab, the subscribers tab).
 */
import type { Locator, Page } from 'playwright-core';

export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

/** What has the focus, as "tag[type](role): accessible name" (its label, else aria-label, else its text). */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent;
    const type = el.tagName === 'INPUT' ? `[${el.getAttribute('type')}]` : '';
    const role = el.getAttribute('role') ? `(${el.getAttribute('role')})` : '';
    return `${el.tagName.toLowerCase()}${type}${role}: ${(labelled ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`;
  });
}
