/**
 * Linked translations (issue 13) in Chromium against `npm start`: "Traduzir"
 * on a Portuguese card creates a linked English draft with the category
 * mapped; publishing it makes each post page link to the other ("Read in
 * English" / "Ler em português"); unpublishing it removes the links. The
 * admin works in her own browser profile, a visitor in another.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { cardTitled, mainHeading, readMore, signInAsAdmin, toast, waitForCards } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `tradutora-${runId}@example.com`, password: `senha-${runId}-Tradutora` };
const original = { title: `Nota de crise ${runId}`, category: 'Comunicação de Crise' };
const translation = { title: `Crisis statement ${runId}`, category: 'Crisis Communication' };

let e2e: E2E;
let adminPage: Page;
let visitor: Page;
let originalPath = '';

beforeAll(async () => {
  const made = await createAdmin(app, admin.email, admin.password);
  if (made.status !== 0) throw new Error(made.output);
  e2e = await E2E.open(baseUrl, 'translations');
  adminPage = await e2e.newPage();
  visitor = await e2e.newPage();
});

afterAll(async () => {
  await e2e?.close();
});

const dialog = (page: Page) => page.getByRole('dialog');

/** The admin's card of this post, in the open language tab, found by the title search. */
async function adminCard(title: string): Promise<Locator> {
  await adminPage.getByRole('searchbox', { name: 'Buscar por título' }).fill(title);
  const heading = { level: 3, name: title, exact: true } as const;
  await adminPage.getByRole('tabpanel').getByRole('heading', heading).waitFor();
  // The inner locator of `has` is relative to the list item.
  return adminPage.getByRole('tabpanel').getByRole('listitem').filter({ has: adminPage.getByRole('heading', heading) });
}

async function openTab(language: 'Português' | 'English') {
  await adminPage.getByRole('tab', { name: new RegExp(`^${language} \\(\\d+\\)$`) }).click();
}

/** Switches "Publicado" in the English post's edit dialog and saves. */
async function setPublished(published: boolean) {
  await openTab('English');
  const card = await adminCard(translation.title);
  await card.getByRole('button', { name: `Editar post ${translation.title}` }).click();
  const form = dialog(adminPage);
  const toggle = form.getByRole('switch', { name: 'Publicado' });
  if ((await toggle.getAttribute('aria-checked')) !== String(published)) await toggle.click();
  await form.getByRole('button', { name: 'Atualizar Post' }).click();
  await toast(adminPage, 'Post atualizado!').waitFor();
  await form.waitFor({ state: 'detached' });
}

describe('a Portuguese post and its English translation', () => {
  it('the admin signs in and writes a Portuguese post, "Sem tradução"', async () => {
    await signInAsAdmin(adminPage, admin.email, admin.password);

    await adminPage.getByRole('button', { name: 'Novo Post' }).click();
    const form = dialog(adminPage);
    await form.getByLabel('Idioma').selectOption('pt');
    await form.getByLabel('Categoria').selectOption(original.category);
    await form.getByLabel(/^Título/).fill(original.title);
    await form.getByLabel(/^Conteúdo/).fill('Nas primeiras horas, fale cedo e diga o que sabe.');
    await form.getByLabel(/^Tempo de Leitura/).fill('3 min');
    await form.getByRole('switch', { name: 'Publicado' }).click();
    await form.getByRole('button', { name: 'Criar Post' }).click();
    await toast(adminPage, 'Post criado!').waitFor();
    await form.waitFor({ state: 'detached' });
    const card = await adminCard(original.title);
    await card.getByText('Sem tradução', { exact: true }).waitFor();
    e2e.expectNoConsoleErrors();
  });

  it('"Traduzir" creates a linked English draft with the category mapped', async () => {
    const card = await adminCard(original.title);
    await card.getByRole('button', { name: /^Traduzir/ }).click();
    const form = dialog(adminPage);
    await form.getByRole('heading', { name: 'Criar Novo Post' }).waitFor();
    expect(await form.getByLabel('Idioma').inputValue()).toBe('en');
    expect(await form.getByLabel('Categoria').inputValue()).toBe(translation.category);
    expect(await form.getByLabel(/^Tempo de Leitura/).inputValue()).toBe('3 min');
    expect(await form.getByLabel(/^Título/).inputValue()).toBe('');
    await form.getByLabel(/^Título/).fill(translation.title);
    await form.getByLabel(/^Conteúdo/).fill('In the first hours, speak early and say what you know.');
    await e2e.screenshot(adminPage, 'translate-dialog');
    await form.getByRole('button', { name: 'Criar Post' }).click();
    await toast(adminPage, 'Post criado!').waitFor();
    await form.waitFor({ state: 'detached' });

    const linked = await adminCard(original.title);
    await linked.getByText('Traduzido', { exact: true }).waitFor();
    await linked.getByText(`Em inglês: “${translation.title}” (rascunho)`).waitFor();
    expect(await linked.getByRole('button', { name: /^Traduzir/ }).count()).toBe(0);
    await openTab('English');
    const english = await adminCard(translation.title);
    await english.getByText('Rascunho', { exact: true }).waitFor();
    await english.getByText(translation.category, { exact: true }).waitFor();
    await english.getByText(`Em português: “${original.title}”`).waitFor();
    await e2e.screenshot(adminPage, 'translated-card');
    e2e.expectNoConsoleErrors();
  });

  it('while the translation is a draft, the Portuguese page links to nothing', async () => {
    await openTab('Português');
    const card = await adminCard(original.title);
    await card.getByRole('button', { name: `Editar post ${original.title}` }).click();
    // The edit dialog shows the link too.
    await dialog(adminPage).getByRole('region', { name: 'Tradução' }).getByText(`Em inglês: “${translation.title}” (rascunho)`).waitFor();
    await dialog(adminPage).getByRole('button', { name: 'Cancelar' }).click();

    // The newest Portuguese post, so the first page of /pt lists it.
    await visitor.goto('/pt');
    await waitForCards(visitor);
    originalPath = (await readMore(cardTitled(visitor, original.title)).getAttribute('href'))!;
    expect(originalPath).toMatch(/^\/pt\/[a-z0-9]+(-[a-z0-9]+)*$/);
    await visitor.goto(originalPath);
    await mainHeading(visitor).waitFor();
    expect(await mainHeading(visitor).textContent()).toBe(original.title);
    expect(await visitor.getByRole('link', { name: 'Read in English' }).count()).toBe(0);
  });

  it('published, each post page links to the other, in the other language', async () => {
    await setPublished(true);
    await visitor.goto(originalPath);
    const toEnglish = visitor.getByRole('link', { name: 'Read in English' });
    await toEnglish.waitFor();
    expect(await toEnglish.getAttribute('hreflang')).toBe('en');
    expect(await toEnglish.getAttribute('lang')).toBe('en-US');
    expect(await visitor.locator('link[rel="alternate"][hreflang="en"]').count()).toBe(1);
    await e2e.screenshot(visitor, 'post-with-translation');
    await toEnglish.click();
    await expect.poll(() => mainHeading(visitor).textContent()).toBe(translation.title);
    const toPortuguese = visitor.getByRole('link', { name: 'Ler em português' });
    await toPortuguese.waitFor();
    expect(await toPortuguese.getAttribute('hreflang')).toBe('pt-BR');
    await toPortuguese.click();
    await expect.poll(() => mainHeading(visitor).textContent()).toBe(original.title);
    e2e.expectNoConsoleErrors();
  });

  it('unpublished again, the links are gone and the Portuguese post still reads', async () => {
    await setPublished(false);
    await visitor.goto(originalPath);
    await mainHeading(visitor).waitFor();
    expect(await mainHeading(visitor).textContent()).toBe(original.title);
    expect(await visitor.getByRole('link', { name: 'Read in English' }).count()).toBe(0);
    expect(await visitor.locator('link[rel="alternate"][hreflang="en"]').count()).toBe(0);
    e2e.expectNoConsoleErrors();
  });
});
