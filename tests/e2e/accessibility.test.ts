/**
 * axe-core in the same Chromium, on the pages of issue 5: /pt, /en, a post
 * page, /auth and /admin (signed in as an admin). No serious or critical
 * violation; everything axe found is printed for a person to read.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { postCards, readMore, waitForCards } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const admin = { email: `a11y-${runId}@example.com`, password: `senha-${runId}-A11y` };
let e2e: E2E;
let page: Page;

beforeAll(async () => {
  e2e = await E2E.open(baseUrl, 'a11y');
  page = await e2e.newPage();
});

afterAll(async () => {
  await e2e?.close();
});

async function expectAccessible(label: string) {
  await e2e.expectAccessible(page, label);
  e2e.expectNoConsoleErrors();
}

describe('accessibility (axe-core): no serious or critical violations', () => {
  it('/pt', async () => {
    await page.goto('/pt');
    await waitForCards(page);
    await expectAccessible('/pt');
  });

  it('/en', async () => {
    await page.goto('/en');
    await waitForCards(page);
    await expectAccessible('/en');
  });

  it('a post page', async () => {
    await page.goto('/pt');
    await waitForCards(page);
    await readMore(postCards(page).first()).click();
    await page.waitForURL((url) => /^\/pt\/[a-z0-9-]+$/.test(url.pathname));
    await page.getByRole('link', { name: 'Voltar ao blog' }).waitFor();
    await expectAccessible('post page');
  });

  it('/auth', async () => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await expectAccessible('/auth');
  });

  it('/admin, signed in as an admin', async () => {
    const made = await createAdmin({ port: theApp().port, dataDir: theApp().dataDir }, admin.email, admin.password);
    expect(made.status, made.output).toBe(0);
    await page.getByRole('tabpanel').getByLabel('Email').fill(admin.email);
    await page.getByRole('tabpanel').getByLabel(/^Senha/).fill(admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('button', { name: 'Novo Post' }).waitFor();
    // A card's status badge (not the status filter's hidden options, 'Publicados', 'Rascunhos').
    await page.getByRole('tabpanel').getByText(/^(Publicado|Rascunho)$/).first().waitFor();
    await expectAccessible('/admin');
  });
});
