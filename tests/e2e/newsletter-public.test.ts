/**
 * The newsletter from a reader's side (issue 25), in Chromium on the built
 * site: she subscribes from /pt with JavaScript off (a plain form post,
 * answered by a server-rendered page) and from /en with it (a toast, the
 * same whatever the address's state); by keyboard alone, the hidden field
 * for bots never reached; at the end of a post. The confirmation link's page
 * changes nothing until its button is pressed, with JavaScript and without;
 * the unsubscribe page's button deletes the address, and so does RFC 8058's
 * one-click POST. axe-core (WCAG 2.2 AA) judges the form and every page.
 *
 * This file runs its own backend on the built dist/ (startServer, as `npm
 * start` does) instead of the shared one: the confirmation token is only in
 * the mail, and the test reads it from the mail queue as the database's
 * owner. The mail worker is stopped, so nothing depends on mail delivery
 * (a delivered mail's token leaves the queue).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../scripts/build.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { E2E, runId } from './support/browser';
import { postCards, readMore, toast, waitForApp, waitForCards } from './support/ui';

let server: RunningServer;
let dataDir: string;
let e2e: E2E;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'newsletter-e2e-'));
  server = await startServer({ port: 0, inMemory: true, dataDir, spaDir: distDir });
  await server.mailWorker.stop();
  e2e = await E2E.open(server.url, 'newsletter-public');
});

afterAll(async () => {
  await e2e?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const address = (name: string) => `${name}-${runId}@example.com`;

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await server.db.query<T>(query, params)).rows;
}

/** The confirmation mail waiting for this address: its language, its link's token and the languages asked for. */
async function confirmation(email: string) {
  const [row] = await sql<{ language: string; token: string; languages: string[] }>(
    `select language, payload->>'token' as token, payload->'languages' as languages
       from private.mail_queue where kind = 'newsletter_confirm' and recipient = $1 order by id desc limit 1`,
    [email],
  );
  return row;
}

async function subscriber(email: string) {
  const [row] = await sql<{ status: string; languages: string[]; unsubscribe_token: string }>(
    'select status, languages, unsubscribe_token from public.newsletter_subscribers where email = $1',
    [email],
  );
  return row;
}

const newsletter = (page: Page): Locator => page.locator('#newsletter');

/**
 * axe on a page as a browser with JavaScript shows it (axe runs as a script:
 * a page without JavaScript cannot host it); the markup is the server's.
 */
async function expectAccessibleAt(url: string, label: string) {
  const page = await e2e.newPage();
  await page.goto(url);
  await waitForApp(page.getByRole('heading', { level: 1 }));
  await e2e.expectAccessible(page, label);
  e2e.expectNoConsoleErrors();
  await page.context().close();
}

/** What has the keyboard's focus: its name attribute, or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('name') ? `${el.getAttribute('name')}${el instanceof HTMLInputElement && el.type === 'checkbox' ? `=${el.value}` : ''}` : (el?.textContent ?? '');
  });

describe('subscribing', () => {
  it('without JavaScript from /pt: the form posts, the server answers a page in Portuguese, and the confirmation waits in the queue', async () => {
    const page = await e2e.newPage(await e2e.newContext({ javaScriptEnabled: false }));
    const email = address('sem-js');
    await page.goto('/pt');
    const form = newsletter(page);
    await form.getByRole('heading', { name: 'Receba os novos posts por email' }).waitFor();
    expect(await form.getByRole('checkbox', { name: 'Português' }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'English' }).isChecked()).toBe(false);

    await form.getByLabel('Seu email').fill(email);
    await form.getByRole('checkbox', { name: 'English' }).check();
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/newsletter/subscribe');
    await form.getByRole('button', { name: 'Inscrever-se' }).click();
    expect((await posted).status()).toBe(303);
    await page.waitForURL((url) => url.pathname === '/newsletter/subscribe');
    expect(new URL(page.url()).search).toBe('?lang=pt&result=sent');
    await page.getByRole('heading', { level: 1, name: 'Quase lá: enviamos um email para confirmar a inscrição.' }).waitFor();
    await page.getByText('Se não chegar, veja a pasta de spam.').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await e2e.screenshot(page, 'subscribed-without-js');
    await expectAccessibleAt(page.url(), 'the answer page');

    expect(await confirmation(email)).toMatchObject({ language: 'pt', languages: ['pt', 'en'] });
    expect(await subscriber(email)).toMatchObject({ status: 'pending' });
    // The way back.
    await page.getByRole('link', { name: 'Voltar ao site' }).click();
    await page.waitForURL((url) => url.pathname === '/pt');
    await page.context().close();
  });

  it('without JavaScript, an address that is no email: the answer page names it and offers the form again', async () => {
    const page = await e2e.newPage(await e2e.newContext({ javaScriptEnabled: false }));
    await page.goto('/en');
    await newsletter(page).getByLabel('Your email').fill('ana@example');
    await newsletter(page).getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.pathname === '/newsletter/subscribe');
    await page.getByRole('heading', { level: 1, name: 'The subscription could not be made' }).waitFor();
    await page.getByText('Enter a valid email address, such as name@example.com.').first().waitFor();
    expect(await page.getByLabel('Your email').getAttribute('aria-invalid')).toBe('true');
    await expectAccessibleAt(page.url(), 'the refusal page');
    await page.context().close();
  });

  it('with JavaScript from /en: a toast, the page stays, and the same toast for an address already subscribed', async () => {
    const page = await e2e.newPage();
    const email = address('with-js');
    await page.goto('/en');
    await waitForCards(page);
    const form = newsletter(page);
    await waitForApp(form.getByRole('button', { name: 'Subscribe' }));
    await e2e.expectAccessible(page, '/en with the form');
    const said = 'Almost there: we sent you an email to confirm your subscription.';
    for (let i = 0; i < 2; i++) {
      await form.getByLabel('Your email').fill(email);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await toast(page, said).waitFor();
      await page.getByText('If it does not arrive, check your spam folder.').first().waitFor();
      if (i === 0) await e2e.screenshot(page, 'subscribed-with-js');
      expect(new URL(page.url()).pathname).toBe('/en');
      expect(await confirmation(email)).toMatchObject({ language: 'en', languages: ['en'] });
      // Confirmed by the time she tries again: the answer does not tell.
      await sql(`update public.newsletter_subscribers set status = 'confirmed', confirmed_at = now() where email = $1`, [email]);
      await page.getByRole('button', { name: 'Close' }).first().click();
      await toast(page, said).waitFor({ state: 'detached' });
    }
    e2e.expectNoConsoleErrors();
    await page.context().close();
  });

  it('by keyboard alone: the field, both languages and the button, never the hidden field', async () => {
    const page = await e2e.newPage();
    const email = address('teclado');
    await page.goto('/pt');
    await waitForCards(page);
    const form = newsletter(page);
    await waitForApp(form.getByRole('button', { name: 'Inscrever-se' }));
    // From the blog's last control, as a reader tabbing through the page reaches it.
    await page.locator('#blog').locator('a, button').last().focus();
    const reached: string[] = [];
    await page.keyboard.press('Tab');
    reached.push(await focused(page));
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    reached.push(await focused(page));
    await page.keyboard.press('Tab');
    reached.push(await focused(page));
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    reached.push(await focused(page));
    // And back, past the languages to the field, and forward again.
    for (const key of ['Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Tab', 'Tab', 'Tab']) {
      await page.keyboard.press(key);
      reached.push(await focused(page));
    }
    expect(reached).toEqual([
      'email', 'languages=pt', 'languages=en', 'Inscrever-se',
      'languages=en', 'languages=pt', 'email', 'languages=pt', 'languages=en', 'Inscrever-se',
    ]);
    await page.keyboard.press('Enter');
    await toast(page, 'Quase lá: enviamos um email para confirmar a inscrição.').waitFor();
    expect(await confirmation(email)).toMatchObject({ language: 'pt', languages: ['pt', 'en'] });
    e2e.expectNoConsoleErrors();
    await page.context().close();
  });

  it('at the end of a post, in its language', async () => {
    const page = await e2e.newPage();
    await page.goto('/en');
    await waitForCards(page);
    await readMore(postCards(page).first()).click();
    await page.waitForURL((url) => /^\/en\/[a-z0-9-]+$/.test(url.pathname));
    // The post is shown (the home page's own form is gone).
    await page.getByRole('link', { name: 'Back to blog' }).waitFor();
    await page.locator('article h1').waitFor();
    const form = newsletter(page);
    await form.getByRole('heading', { name: 'Get new posts by email' }).waitFor();
    expect(await form.getByRole('checkbox', { name: 'English' }).isChecked()).toBe(true);
    // After the article, before the footer.
    expect(await page.evaluate(() => {
      const article = document.querySelector('article')!;
      const section = document.getElementById('newsletter')!;
      return Boolean(article.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING);
    })).toBe(true);
    await e2e.screenshot(page, 'post-with-form');
    await e2e.expectAccessible(page, 'a post with the form');
    e2e.expectNoConsoleErrors();
    await page.context().close();
  });
});

describe('confirming', () => {
  /** A new pending subscription (as the form makes it), and its confirmation link. */
  async function pending(name: string, languages: string[]): Promise<{ email: string; link: string }> {
    const email = address(name);
    // The function the form calls, as the database's owner: the same rows and the same mail.
    await sql(`select public.newsletter_subscribe($1, $2::text[], 'pt', '')`, [email, languages]);
    const { token } = (await confirmation(email))!;
    return { email, link: `/newsletter/confirm?token=${token}&lang=pt` };
  }

  it('with JavaScript: opening the link changes nothing; the button confirms and names the languages', async () => {
    const { email, link } = await pending('confirma-js', ['pt', 'en']);
    const page = await e2e.newPage();
    await page.goto(link);
    const button = page.getByRole('button', { name: 'Confirmar inscrição' });
    await waitForApp(button);
    await page.getByRole('heading', { level: 1, name: 'Confirme sua inscrição' }).waitFor();
    await e2e.expectAccessible(page, 'the confirmation page');
    expect(await subscriber(email)).toMatchObject({ status: 'pending' });

    await button.click();
    await page.getByRole('heading', { level: 1, name: 'Inscrição confirmada' }).waitFor();
    await page.getByText('Você receberá os novos posts em português e inglês.').waitFor();
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', languages: ['pt', 'en'] });
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    await e2e.screenshot(page, 'confirmed');
    await e2e.expectAccessible(page, 'the confirmed page');

    // The link again: the address is confirmed already, which is no error (issue 41, defect 3).
    await page.goto(link);
    await waitForApp(page.getByRole('button', { name: 'Confirmar inscrição' }));
    await page.getByRole('button', { name: 'Confirmar inscrição' }).click();
    await page.getByRole('heading', { level: 1, name: 'Inscrição já confirmada' }).waitFor();
    await page.getByText('Este endereço já estava confirmado: você recebe os novos posts em português e inglês.').waitFor();
    await e2e.expectAccessible(page, 'the already confirmed page');

    // A link nobody sent: invalid.
    await page.goto(`/newsletter/confirm?token=${'0'.repeat(64)}&lang=pt`);
    await waitForApp(page.getByRole('button', { name: 'Confirmar inscrição' }));
    await page.getByRole('button', { name: 'Confirmar inscrição' }).click();
    await page.getByRole('heading', { level: 1, name: 'Link inválido ou expirado' }).waitFor();
    await page.getByRole('link', { name: 'Inscrever-se de novo' }).waitFor();
    await e2e.expectAccessible(page, 'the invalid link page');
    e2e.expectNoConsoleErrors();
    await page.context().close();
  });

  it('without JavaScript: the button posts to the same address and the answer page says so', async () => {
    const { email, link } = await pending('confirma-sem-js', ['en']);
    const page = await e2e.newPage(await e2e.newContext({ javaScriptEnabled: false }));
    await page.goto(link);
    expect(await subscriber(email)).toMatchObject({ status: 'pending' });
    // The server's page holds no token: the button's form posts to the page's own address.
    expect(await page.content()).not.toContain(new URL(link, server.url).searchParams.get('token'));
    await page.getByRole('button', { name: 'Confirmar inscrição' }).click();
    await page.waitForURL((url) => url.searchParams.get('result') === 'confirmed');
    await page.getByRole('heading', { level: 1, name: 'Inscrição confirmada' }).waitFor();
    await page.getByText('Você receberá os novos posts em inglês.').waitFor();
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', languages: ['en'] });
    await page.context().close();
  });
});

describe('unsubscribing', () => {
  async function confirmed(name: string): Promise<{ email: string; token: string }> {
    const email = address(name);
    await sql(`insert into public.newsletter_subscribers (email, languages, status, confirmed_at) values ($1, array['pt'], 'confirmed', now())`, [email]);
    return { email, token: (await subscriber(email))!.unsubscribe_token };
  }

  it('with JavaScript: the button deletes the address', async () => {
    const { email, token } = await confirmed('sai-js');
    const page = await e2e.newPage();
    await page.goto(`/newsletter/unsubscribe?token=${token}&lang=pt`);
    const button = page.getByRole('button', { name: 'Cancelar inscrição' });
    await waitForApp(button);
    await e2e.expectAccessible(page, 'the unsubscribe page');
    expect(await subscriber(email)).toBeDefined();
    await button.click();
    await page.getByRole('heading', { level: 1, name: 'Inscrição cancelada' }).waitFor();
    await page.getByText('Seu endereço foi apagado.').waitFor();
    expect(await subscriber(email)).toBeUndefined();
    await e2e.expectAccessible(page, 'the unsubscribed page');
    e2e.expectNoConsoleErrors();
    await page.context().close();
  });

  it('without JavaScript: the button posts and the answer page says the address was deleted', async () => {
    const { email, token } = await confirmed('sai-sem-js');
    const page = await e2e.newPage(await e2e.newContext({ javaScriptEnabled: false }));
    await page.goto(`/newsletter/unsubscribe?token=${token}&lang=en`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { level: 1, name: 'Unsubscribed' }).waitFor();
    await page.getByText('Your address has been deleted.').waitFor();
    expect(await subscriber(email)).toBeUndefined();
    await page.context().close();
  });

  it("by RFC 8058's one-click POST, as a mail provider sends it: 200 and gone", async () => {
    const { email, token } = await confirmed('sai-um-clique');
    const res = await fetch(`${server.url}/newsletter/unsubscribe?token=${token}&lang=pt`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.google.com' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(await subscriber(email)).toBeUndefined();
  });
});
