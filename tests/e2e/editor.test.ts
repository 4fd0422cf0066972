/**
 * Writing a post in Markdown (issue 12) in Chromium against `npm start`:
 * the toolbar and a shortcut format the text as typing would (Ctrl+Z undoes
 * them), "Pré-visualizar" shows it as readers will, the reading time follows
 * the text, closing with unsaved changes asks first, and once published a
 * visitor reads it formatted.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { cardTitled, mainHeading, readMore, signInAsAdmin, toast, waitForCards } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `redatora-${runId}@example.com`, password: `senha-${runId}-Redatora` };
const title = `Como escrevo uma nota ${runId}`;

let e2e: E2E;
let adminPage: Page;
let visitor: Page;

beforeAll(async () => {
  const made = await createAdmin(app, admin.email, admin.password);
  if (made.status !== 0) throw new Error(made.output);
  e2e = await E2E.open(baseUrl, 'editor');
  adminPage = await e2e.newPage();
  visitor = await e2e.newPage();
  await signInAsAdmin(adminPage, admin.email, admin.password);
});

afterAll(async () => {
  await e2e?.close();
});

const dialog = () => adminPage.getByRole('dialog');
const content = () => dialog().getByRole('textbox', { name: 'Conteúdo' });

describe('writing a post in Markdown', () => {
  it('formats with the toolbar and Ctrl+B, and Ctrl+Z undoes a format', async () => {
    await adminPage.getByRole('button', { name: 'Novo Post' }).click();
    await dialog().getByLabel('Idioma').selectOption('pt');
    await dialog().getByLabel(/^Título/).fill(title);
    const text = content();
    await text.fill('O primeiro passo é ouvir.');
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(19, 24));
    await adminPage.keyboard.press('Control+b');
    expect(await text.inputValue()).toBe('O primeiro passo é **ouvir**.');
    await adminPage.keyboard.press('Control+z');
    expect(await text.inputValue()).toBe('O primeiro passo é ouvir.');
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(19, 24));
    await dialog().getByRole('toolbar', { name: 'Formatação' }).getByRole('button', { name: 'Negrito' }).click();
    expect(await text.inputValue()).toBe('O primeiro passo é **ouvir**.');

    await text.press('End');
    await text.press('Enter');
    await text.press('Enter');
    await dialog().getByRole('toolbar', { name: 'Formatação' }).getByRole('button', { name: 'Intertítulo' }).click();
    await adminPage.keyboard.type('Depois, escrever');
    await text.press('End');
    await adminPage.keyboard.type('\n\n- curto\n- claro\n\n> Notícia é o que alguém não quer que se publique.\n\nVeja [o guia](https://example.com/guia).');
    expect(await text.inputValue()).toContain('## Depois, escrever');
  });

  it('"Pré-visualizar" shows it as readers will, with the word count and reading time', async () => {
    await dialog().getByRole('tab', { name: 'Pré-visualizar' }).click();
    const preview = dialog().getByRole('tabpanel', { name: 'Pré-visualizar' });
    await preview.getByRole('heading', { level: 2, name: 'Depois, escrever' }).waitFor();
    expect(await preview.getByRole('listitem').allTextContents()).toEqual(['curto', 'claro']);
    expect(await preview.getByRole('link', { name: 'o guia' }).getAttribute('rel')).toBe('noopener noreferrer');
    await dialog().getByText(/^\d+ palavras · 1 min de leitura$/).waitFor();
    expect(await dialog().getByLabel(/^Tempo de Leitura/).inputValue()).toBe('1 min');
    await e2e.screenshot(adminPage, 'editor-preview');
    await dialog().getByRole('tab', { name: 'Escrever' }).click();
  });

  it('closing with unsaved changes asks first, and keeps them on "Continuar editando"', async () => {
    await adminPage.keyboard.press('Escape');
    const ask = adminPage.getByRole('alertdialog', { name: 'Descartar alterações?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Continuar editando' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await content().inputValue()).toContain('## Depois, escrever');
  });

  it('a cover uploaded from disk is resized, stored, and fills "URL da Imagem"', async () => {
    // A real picture: a 1,280-px-wide screenshot of the page itself.
    const picture = await visitor.goto('/pt').then(() => visitor.screenshot({ type: 'png' }));
    const field = dialog().getByLabel('URL da Imagem');
    const picker = dialog().locator('input[type=file][accept*="image/png"]').last();
    await picker.setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: picture });
    await expect.poll(() => field.inputValue(), { timeout: 20_000 }).toMatch(/\/storage\/v1\/object\/public\/post-images\/posts\/[0-9a-f]{24}\/1600\.webp$/);
    const url = await field.inputValue();
    for (const width of [400, 800, 1600]) {
      const res = await fetch(url.replace('/1600.webp', `/${width}.webp`));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('max-age=31536000');
    }
    // The 1280-px screenshot is never enlarged; the share image stays small.
    const largest = await fetch(url);
    expect((await largest.arrayBuffer()).byteLength).toBeLessThan(300 * 1024);
    await dialog().getByRole('img', { name: 'Imagem de capa' }).waitFor();
    // Its description is asked next.
    const alt = dialog().getByLabel('Descrição da imagem');
    await expect.poll(() => alt.evaluate((el) => el === document.activeElement)).toBe(true);
    await alt.fill('A página inicial do site, vista por inteiro');
  });

  it('a file that is not a picture is refused in Portuguese, and nothing else changes', async () => {
    const field = dialog().getByLabel('URL da Imagem');
    const before = await field.inputValue();
    const picker = dialog().locator('input[type=file][accept*="image/png"]').last();
    await picker.setInputFiles({ name: 'nota.html', mimeType: 'text/html', buffer: Buffer.from('<script>alert(1)</script>') });
    await dialog().getByRole('alert').filter({ hasText: 'Formato não aceito' }).waitFor();
    expect(await field.inputValue()).toBe(before);
    expect(await content().inputValue()).toContain('## Depois, escrever');
  });

  it('published, a visitor reads it formatted, with its cover in several widths', async () => {
    await dialog().getByRole('switch', { name: 'Publicado' }).click();
    await dialog().getByRole('button', { name: 'Criar Post' }).click();
    await toast(adminPage, 'Post criado!').waitFor();
    await dialog().waitFor({ state: 'detached' });

    await visitor.goto('/pt');
    await waitForCards(visitor);
    await readMore(cardTitled(visitor, title)).click();
    await expect.poll(() => mainHeading(visitor).textContent()).toBe(title);
    const article = visitor.getByRole('article');
    await article.getByRole('heading', { level: 2, name: 'Depois, escrever' }).waitFor();
    expect(await article.locator('strong').textContent()).toBe('ouvir');
    expect(await article.locator('blockquote').textContent()).toBe('Notícia é o que alguém não quer que se publique.');
    expect(await article.getByRole('link', { name: 'o guia' }).getAttribute('target')).toBe('_blank');
    // The cover, in three widths, loaded first.
    const cover = article.getByRole('img', { name: 'A página inicial do site, vista por inteiro' });
    expect(await cover.getAttribute('srcset')).toMatch(/\/400\.webp 400w, .*\/800\.webp 800w, .*\/1600\.webp 1600w$/);
    expect(await cover.getAttribute('loading')).toBe('eager');
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // The card on the home too.
    await visitor.goto('/pt');
    await waitForCards(visitor);
    const card = cardTitled(visitor, title).getByRole('img');
    expect(await card.getAttribute('srcset')).toContain('/800.webp 800w');
    expect(await card.getAttribute('sizes')).toContain('23rem');
    await e2e.screenshot(visitor, 'markdown-post');
    e2e.expectNoConsoleErrors();
  });
});
