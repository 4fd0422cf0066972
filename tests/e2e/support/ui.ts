/**
 * How a person finds things on the page, by role and visible name (spec §2),
 * in one place so a change of markup is one edit here.
 */
import type { Locator, Page } from 'playwright-core';

/** A control the person clicks by its label: button, tab, radio or link. */
export function control(scope: Page | Locator, name: string | RegExp): Locator {
  const options = { name, exact: typeof name === 'string' };
  return scope
    .getByRole('button', options)
    .or(scope.getByRole('tab', options))
    .or(scope.getByRole('radio', options))
    .or(scope.getByRole('link', options));
}

export function blogSection(page: Page): Locator {
  return page.locator('#blog');
}

/** The post cards of the blog section. */
export function postCards(page: Page): Locator {
  return blogSection(page).getByRole('article');
}

export function cardTitled(page: Page, title: string): Locator {
  return postCards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** The 'Read More' / 'Leia mais' control of a card (a link or a button). */
export function readMore(card: Locator): Locator {
  const name = /^(Leia mais|Read More)/;
  return card.getByRole('link', { name }).or(card.getByRole('button', { name }));
}

/** The page's main heading. */
export function mainHeading(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

/** A toast (or any live status message) with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByText(text, { exact: typeof text === 'string' }).first();
}

export const ptCategories = ['Relações com Mídia', 'Comunicação de Crise', 'Experiências Pessoais', 'Outros'] as const;
export const enCategories = ['Media Relations', 'Crisis Communication', 'Personal Experiences', 'Others'] as const;

/**
 * Waits until the blog has rendered its cards (skeletons gone) and the app
 * owns them. A server-rendered page shows its cards before it hydrates; a
 * click in that moment is a plain link or form (a new page), not the app's
 * in-place behaviour that the tests after this call look at.
 */
export async function waitForCards(page: Page): Promise<number> {
  await postCards(page).first().waitFor({ state: 'visible' });
  await waitForApp(blogSection(page).getByRole('group'));
  return postCards(page).count();
}

/**
 * A reader is at the page: she moves the pointer, as anyone at a screen does. A server-rendered
 * home or post starts its app (and so its live updates and its view count) only then
 * (src/app/boot.js, decision 240); a page only loaded runs none of it.
 */
export async function readerIsThere(page: Page): Promise<void> {
  await page.mouse.move(2, 2);
}

/** Waits until React has hydrated (or rendered) this element: it carries React's props then (the reader being there). */
export async function waitForApp(element: Locator): Promise<void> {
  await readerIsThere(element.page());
  const handle = await element.first().elementHandle();
  await element.page().waitForFunction((el) => el !== null && Object.keys(el).some((key) => key.startsWith('__reactProps$')), handle);
}

/** Signs in on /auth's "Login" tab and waits for the admin panel. */
export async function signInAsAdmin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByRole('tabpanel').getByLabel('Email').fill(email);
  await page.getByRole('tabpanel').getByLabel(/^Senha/).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: 'Administração do Blog' }).waitFor();
}

/** Picks an option of a Radix select (or a native one) by its label. */
export async function choose(scope: Locator, page: Page, label: string, option: string | RegExp): Promise<void> {
  const field = scope.getByRole('combobox', { name: label });
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') {
    const value = await field.locator('option').filter({ hasText: option }).first().getAttribute('value');
    await field.selectOption(value ?? '');
    return;
  }
  await field.click();
  await page.getByRole('option', { name: option }).click();
}
