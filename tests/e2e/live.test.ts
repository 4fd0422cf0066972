/**
 * A live site and no lost edits (issue 15), in Chromium against `npm start`:
 * the admin in two browser profiles (her laptop and her phone) sees each
 * other's changes without reloading; a save over a change made elsewhere is
 * refused with her text kept; an open public page follows a new post and an
 * edited setting.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { choose, blogSection, signInAsAdmin, toast, waitForCards } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `ao-vivo-${runId}@example.com`, password: `senha-${runId}-AoVivo` };

let e2e: E2E;
let laptop: Page;
let phone: Page;
let visitor: Page;

beforeAll(async () => {
  const made = await createAdmin(app, admin.email, admin.password);
  if (made.status !== 0) throw new Error(made.output);
  e2e = await E2E.open(baseUrl, 'live');
  laptop = await e2e.newPage();
  phone = await e2e.newPage();
  visitor = await e2e.newPage();
  await signInAsAdmin(laptop, admin.email, admin.password);
  await signInAsAdmin(phone, admin.email, admin.password);
});

afterAll(async () => {
  await e2e?.close();
});

async function englishSettings(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Configurações' }).click();
  await page.getByRole('heading', { name: 'Configurações do Site' }).waitFor();
  await page.getByRole('tab', { name: /^English \(\d+\)$/ }).last().click();
}

const settingCard = (page: Page, field: Locator) => page.locator('[data-slot="card"], article, li').filter({ has: field }).last();

describe('live admin and edit conflicts', () => {
  it('a setting saved on one device shows on the other and on an open page; a stale save there is refused, her text kept', async () => {
    await visitor.goto('/en');
    await waitForCards(visitor);
    await englishSettings(laptop);
    await englishSettings(phone);
    const onLaptop = laptop.getByLabel('hero_subtitle', { exact: true });
    const onPhone = phone.getByLabel('hero_subtitle', { exact: true });
    const original = await onLaptop.inputValue();

    // She starts typing on the phone, then saves another text on the laptop.
    const phoneText = `From the phone ${runId}`;
    const laptopText = `From the laptop ${runId}`;
    await onPhone.fill(phoneText);
    await onLaptop.fill(laptopText);
    await settingCard(laptop, onLaptop).getByRole('button', { name: 'Salvar' }).click();
    await toast(laptop, 'Configuração atualizada').waitFor();

    // The open English home follows without a reload.
    await visitor.getByText(laptopText).first().waitFor();

    // The phone keeps her text; saving it is refused, not applied over the laptop's.
    expect(await onPhone.inputValue()).toBe(phoneText);
    await settingCard(phone, onPhone).getByRole('button', { name: 'Salvar' }).click();
    const alert = settingCard(phone, onPhone).getByRole('alert');
    await alert.getByText('Esta configuração foi alterada em outro lugar').waitFor();
    expect(await onPhone.inputValue()).toBe(phoneText);
    await e2e.screenshot(phone, 'setting-conflict');
    await alert.getByRole('button', { name: 'Carregar a outra versão' }).click();
    await expect.poll(() => onPhone.inputValue()).toBe(laptopText);

    // Put back, from the phone this time: the laptop follows.
    await onPhone.fill(original);
    await settingCard(phone, onPhone).getByRole('button', { name: 'Salvar' }).click();
    await toast(phone, 'Configuração atualizada').waitFor();
    await expect.poll(() => onLaptop.inputValue(), { timeout: 10_000 }).toBe(original);
  });

  it('a post published on the laptop appears in the phone\'s list and counts, and on an open /pt', async () => {
    await visitor.goto('/pt');
    await waitForCards(visitor);
    for (const page of [laptop, phone]) await page.getByRole('tab', { name: 'Posts' }).click();
    const countOnPhone = () => phone.getByRole('tab', { name: /^Português \(\d+\)$/ }).textContent();
    await expect.poll(countOnPhone).toMatch(/\d+/);
    const before = Number((await countOnPhone())!.match(/\d+/)![0]);

    const title = `Ao vivo ${runId}`;
    await laptop.getByRole('button', { name: 'Novo Post' }).click();
    const form = laptop.getByRole('dialog');
    await form.getByRole('heading', { name: 'Criar Novo Post' }).waitFor();
    await choose(form, laptop, 'Idioma', /Português|pt/);
    await choose(form, laptop, 'Categoria', 'Outros');
    await form.getByLabel(/^Título/).fill(title);
    await form.getByRole('switch', { name: 'Publicado' }).click();
    await form.getByRole('button', { name: 'Criar Post' }).click();
    await toast(laptop, 'Post criado!').waitFor();

    await expect.poll(countOnPhone, { timeout: 10_000 }).toBe(`Português (${before + 1})`);
    await phone.getByRole('heading', { name: title, exact: true }).waitFor();
    await blogSection(visitor).getByRole('heading', { name: title, exact: true }).waitFor();
    await e2e.screenshot(visitor, 'published-live');
  });
});
