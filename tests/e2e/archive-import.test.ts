/**
 * Issue 24 in the admin panel, in Chromium against `npm start`: she opens
 * "Importar e exportar" from the keyboard, a file it cannot read says why,
 * then a small WordPress export (tests/e2e/fixtures/archive-wordpress.xml) is
 * read in a Web Worker and summed up before anything is written (4 posts: 2
 * published, a draft, a scheduled one; the page and the private post skipped);
 * she maps "Política" to "Relações com Mídia" with the arrow keys and imports
 * with Enter. The posts are in the Posts tab and on the public site; the same
 * file again creates nothing; "Baixar imagens" copies the picture the site
 * can fetch and says why not the other; "Baixar relatório" and "Exportar
 * tudo" download their files. axe-core judges the tab empty, in error, with
 * the preview and with the report.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../server/keys.ts';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { signInAsAdmin } from './support/ui';
import { focusedName, isFocused } from './support/focus.ts';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `importa-${runId}@example.com`, password: `senha-${runId}-Importa` };
const wxr = {
  name: `blog-antigo-${runId}.xml`,
  mimeType: 'text/xml',
  buffer: Buffer.from(
    readFileSync(path.join(import.meta.dirname, 'fixtures', 'archive-wordpress.xml'), 'utf8').replaceAll('{{RUN}}', runId).replaceAll('{{SITE}}', baseUrl),
  ),
};
const titles = {
  elections: `Eleições ${runId}: o que muda`,
  briefing: `Uma coletiva ${runId}`,
  draft: `Rascunho ${runId}`,
  scheduled: `Coluna futura ${runId}`,
};
/** The picture on a port nothing listens on: the page's policy (connect-src 'self') refuses it too. */
const UNREACHABLE = /fora-do-ar\.jpg|Refused to connect|Failed to fetch|ERR_/;

let e2e: E2E;
let page: Page;
let serviceKey: string;
const workers: string[] = [];

async function rest(method: string, pathAndQuery: string): Promise<Response> {
  const res = await fetch(`${baseUrl}/rest/v1/${pathAndQuery}`, { method, headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` } });
  if (!res.ok) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return res;
}

beforeAll(async () => {
  const secret = readFileSync(path.join(app.dataDir, 'jwt-secret'), 'utf8').trim();
  serviceKey = (await createApiKeys(secret)).serviceRoleKey;
  e2e = await E2E.open(baseUrl, 'archive');
  page = await e2e.newPage();
  page.on('worker', (worker) => workers.push(worker.url()));
});

afterAll(async () => {
  await e2e?.close();
  // The other files see the demo content: this run's posts go, and the pictures "Baixar imagens" stored.
  const pattern = `title=like.${encodeURIComponent(`*${runId}*`)}`;
  const rows = (await (await rest('GET', `blog_posts?select=content&${pattern}`)).json()) as { content: string | null }[];
  const folders = new Set(rows.flatMap((r) => [...(r.content ?? '').matchAll(/\/post-images\/(posts\/i[0-9a-f]+)\//g)].map((m) => m[1]!)));
  for (const folder of folders) {
    const prefixes = ['400', '800', '1600'].flatMap((w) => [`${folder}/${w}.webp`, `${folder}/${w}.jpg`]);
    await fetch(`${baseUrl}/storage/v1/object/post-images`, {
      method: 'DELETE',
      headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefixes }),
    });
  }
  await rest('DELETE', `blog_posts?${pattern}`);
});

async function expectAccessible(label: string) {
  await e2e.expectAccessible(page, label);
}

const tab = () => page.getByRole('tabpanel', { name: 'Importar e exportar' });
const fileInput = () => tab().getByLabel('Arquivo para importar (.xml ou .zip)');
const figure = (term: string) => tab().locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

async function chooseWithKeyboard(file: typeof wxr) {
  await fileInput().focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(file);
}

async function downloaded(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

describe('importing a WordPress export in the admin (issue 24)', () => {
  it('she opens "Importar e exportar" with the arrow keys; axe finds nothing serious on the empty tab', async () => {
    const made = await createAdmin(app, admin.email, admin.password);
    expect(made.status, made.output).toBe(0);
    await signInAsAdmin(page, admin.email, admin.password);
    await page.getByRole('tab', { name: 'Posts' }).focus();
    // Radix moves the focus in a task after the key: each press waits for it to land.
    for (const next of ['Configurações', 'Importar e exportar']) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => isFocused(page.getByRole('tab', { name: next }))).toBe(true);
    }
    expect(await page.getByRole('tab', { name: 'Importar e exportar' }).getAttribute('aria-selected')).toBe('true');
    await tab().getByRole('heading', { name: 'Importar posts' }).waitFor();
    await tab().getByRole('button', { name: 'Exportar tudo' }).waitFor();
    // Tab from the tab list: its panel, then the file field.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await isFocused(fileInput())).toBe(true);
    expect(workers).toEqual([]);
    await e2e.screenshot(page, 'tab-empty');
    await expectAccessible('"Importar e exportar", empty');
    e2e.expectNoConsoleErrors();
  });

  it('a file it cannot read says why in an alert and writes nothing; axe finds nothing serious', async () => {
    await fileInput().setInputFiles({ name: 'quebrado.xml', mimeType: 'text/xml', buffer: Buffer.from('<rss><channel><item><title>Sem fim') });
    const alert = tab().getByRole('alert');
    await alert.getByText('Não foi possível ler este arquivo').waitFor();
    // The reader's own reason, worded in Portuguese in the worker (not a failure of the worker itself).
    await alert.getByText(/^O XML deste arquivo está malformado/).waitFor();
    await alert.getByText('Nada foi gravado.').waitFor();
    expect(await tab().getByRole('button', { name: /^Importar \d/ }).count()).toBe(0);
    await e2e.screenshot(page, 'tab-error');
    await expectAccessible('"Importar e exportar", a file it cannot read');
    e2e.expectNoConsoleErrors();
  });

  it('the export chosen from the keyboard is read in a worker and summed up before anything is written; axe finds nothing serious', async () => {
    await chooseWithKeyboard(wxr);
    await tab().getByRole('heading', { name: 'O que será importado' }).waitFor();
    expect(workers.some((url) => /read-worker/.test(url)), workers.join(', ')).toBe(true);
    expect(await tab().getByRole('alert').count()).toBe(0);
    await tab().getByText(`${wxr.name} (WordPress)`).waitFor();
    expect(await figure('Posts').textContent()).toBe('4');
    expect(await figure('Publicados').textContent()).toBe('2');
    expect(await figure('Rascunhos').textContent()).toBe('1');
    expect(await figure('Agendados').textContent()).toBe('1');
    expect(await figure('Período').textContent()).toBe('de 5 de outubro de 2014 a 1 de janeiro de 2100');
    expect(await tab().getByRole('combobox', { name: 'Política (2 posts)' }).inputValue()).toBe('3');
    expect(await tab().getByRole('combobox', { name: 'Bastidores (1 post)' }).inputValue()).toBe('3');
    expect(await tab().getByRole('radio', { name: 'Português' }).isChecked()).toBe(true);
    await tab().getByText(/^2 imagens só com link/).waitFor();
    await tab().getByText(new RegExp(`^Sobre ${runId}: `)).waitFor();
    await tab().getByText(new RegExp(`^Particular ${runId}: `)).waitFor();
    await tab().getByRole('button', { name: 'Importar 4 posts' }).waitFor();
    // Nothing is written yet.
    expect(await (await rest('GET', `blog_posts?select=id&title=like.${encodeURIComponent(`*${runId}*`)}`)).json()).toEqual([]);
    await e2e.screenshot(page, 'preview');
    await expectAccessible('"Importar e exportar", the preview');
    e2e.expectNoConsoleErrors();
  });

  it('every control is reached with Tab and works from the keyboard (arrows for the language and the categories)', async () => {
    await fileInput().focus();
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      order.push(await focusedName(page));
    }
    expect(order).toEqual([
      'input[radio]: Português',
      'select: Política (2 posts)',
      'select: Bastidores (1 post)',
      'button: Importar 4 posts',
      'button: Exportar tudo',
    ]);

    const english = tab().getByRole('radio', { name: 'English' });
    const politics = tab().getByRole('combobox', { name: 'Política (2 posts)' });
    await tab().getByRole('radio', { name: 'Português' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await english.isChecked()).toBe(true);
    expect(await politics.locator('option:checked').textContent()).toBe('Others');
    await page.keyboard.press('ArrowLeft');
    expect(await tab().getByRole('radio', { name: 'Português' }).isChecked()).toBe(true);
    expect(await politics.locator('option:checked').textContent()).toBe('Outros');

    await politics.focus();
    await page.keyboard.press('Home');
    expect(await politics.inputValue()).toBe('0');
    expect(await politics.locator('option:checked').textContent()).toBe('Relações com Mídia');
    await page.keyboard.press('ArrowDown');
    expect(await politics.inputValue()).toBe('1');
    await page.keyboard.press('ArrowUp');
    expect(await politics.inputValue()).toBe('0');
  });

  it('Enter on "Importar 4 posts" writes them and shows the report, its heading focused; axe finds nothing serious', async () => {
    await tab().getByRole('button', { name: 'Importar 4 posts' }).focus();
    await page.keyboard.press('Enter');
    const heading = tab().getByRole('heading', { name: 'Importação concluída' });
    await heading.waitFor();
    await expect.poll(() => isFocused(heading)).toBe(true);
    await tab().getByText('4 criados', { exact: true }).waitFor();
    await tab().getByText('0 atualizados', { exact: true }).waitFor();
    await tab().getByText('0 sem mudança', { exact: true }).waitFor();
    await tab().getByRole('heading', { name: 'Imagens só com link (2)' }).waitFor();
    await e2e.screenshot(page, 'report');
    await expectAccessible('"Importar e exportar", the report');
    e2e.expectNoConsoleErrors();
  });

  it('"Baixar relatório" (Tab, Enter) downloads the report as text', async () => {
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('button: Baixar relatório');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^relatorio-importacao-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = (await downloaded(file)).toString('utf8');
    expect(text).toContain(`Arquivo: ${wxr.name}`);
    expect(text).toContain('Posts: 4 criados, 0 atualizados, 0 sem mudança');
    expect(text).toContain(`criado\tpt\t${baseUrl}/pt/eleicoes-${runId}\t${titles.elections}`);
    expect(text).toContain('http://127.0.0.1:1/fora-do-ar.jpg');
    e2e.expectNoConsoleErrors();
  });

  it('the posts are in the Posts tab (mapped category, draft, scheduled) and the published ones on the public site', async () => {
    await page.getByRole('tab', { name: 'Posts' }).click();
    await page.getByLabel('Buscar por título').fill(runId);
    const panel = page.getByRole('tabpanel', { name: /^Português/ });
    const card = (title: string) => panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await card(titles.elections).getByText('Relações com Mídia', { exact: true }).waitFor();
    await card(titles.briefing).getByText('Outros', { exact: true }).waitFor();
    await card(titles.draft).getByText('Rascunho', { exact: true }).waitFor();
    await card(titles.scheduled).getByText(/^Agendado para 1 de janeiro de 2100/).waitFor();
    await e2e.screenshot(page, 'posts-tab');

    const visitor = await e2e.newPage();
    const response = await visitor.goto(`/pt/eleicoes-${runId}`);
    expect(response?.status()).toBe(200);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(titles.elections);
    await visitor.getByText(/novas regras/).first().waitFor();
    expect((await visitor.goto(`/pt/coluna-futura-${runId}`))?.status()).toBe(404);
    await visitor.close();
    e2e.expectNoConsoleErrors([/404/]);
  });

  it('the same file again, with the same choices, creates and changes nothing: "0 criados", "4 sem mudança"', async () => {
    await page.getByRole('tab', { name: 'Importar e exportar' }).click();
    // The tab kept its report while she looked at the posts.
    await tab().getByRole('heading', { name: 'Importação concluída' }).waitFor();
    await tab().getByRole('button', { name: 'Importar outro arquivo' }).click();
    expect(await isFocused(fileInput())).toBe(true);
    await fileInput().setInputFiles(wxr);
    // The same choices as the first time (another category would update the posts that carry it).
    await tab().getByRole('combobox', { name: 'Política (2 posts)' }).selectOption({ label: 'Relações com Mídia' });
    await tab().getByRole('button', { name: 'Importar 4 posts' }).click();
    await tab().getByRole('heading', { name: 'Importação concluída' }).waitFor();
    await tab().getByText('0 criados', { exact: true }).waitFor();
    await tab().getByText('0 atualizados', { exact: true }).waitFor();
    await tab().getByText('4 sem mudança', { exact: true }).waitFor();
    const rows = (await (await rest('GET', `blog_posts?select=id&title=like.${encodeURIComponent(`*${runId}*`)}`)).json()) as unknown[];
    expect(rows).toHaveLength(4);
    e2e.expectNoConsoleErrors();
  });

  it('"Baixar imagens" copies the picture the site can fetch into Storage and says why the other was not copied', async () => {
    await tab().getByRole('button', { name: 'Baixar imagens' }).focus();
    await page.keyboard.press('Space');
    await tab().getByText('1 imagem copiada', { exact: true }).waitFor();
    await tab().getByRole('heading', { name: 'Imagens não copiadas (1)' }).waitFor();
    await tab().getByText(/^http:\/\/127\.0\.0\.1:1\/fora-do-ar\.jpg: /).waitFor();
    await tab().getByRole('heading', { name: 'Imagens só com link (1)' }).waitFor();
    const [post] = (await (await rest('GET', `blog_posts?select=content&slug=eq.eleicoes-${runId}`)).json()) as { content: string }[];
    expect(post!.content).not.toContain('/og/pt.png');
    expect(post!.content).toMatch(/\/storage\/v1\/object\/public\/post-images\/posts\/i[0-9a-f]+\/1600\.(webp|jpg)/);
    await e2e.screenshot(page, 'images-copied');
    e2e.expectNoConsoleErrors([UNREACHABLE]);
  });

  it('a WordPress zip with its uploads: the picture in the file reaches the page from the worker and goes to Storage in the editor’s widths', async () => {
    const picture = new Uint8Array(await (await fetch(new URL('/og/en.png', baseUrl))).arrayBuffer());
    const xml = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Blog antigo</title><link>https://blog-antigo.example</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://blog-antigo.example</wp:base_site_url>
<item><title><![CDATA[Com foto ${runId}]]></title><link>https://blog-antigo.example/2014/11/com-foto-${runId}/</link>
<content:encoded><![CDATA[<p>A praça cheia.</p><p><img src="https://blog-antigo.example/wp-content/uploads/2014/11/praca.png" alt="A praça"></p>]]></content:encoded>
<wp:post_id>201</wp:post_id><wp:post_date_gmt><![CDATA[2014-11-02 12:00:00]]></wp:post_date_gmt><wp:post_name><![CDATA[com-foto-${runId}]]></wp:post_name>
<wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type><wp:post_password><![CDATA[]]></wp:post_password></item>
</channel></rss>`;
    const zip = zipSync({ 'blog-antigo.wordpress.2024-02-10.xml': strToU8(xml), 'wp-content/uploads/2014/11/praca.png': [picture, { level: 0 }] });

    await tab().getByRole('button', { name: 'Importar outro arquivo' }).click();
    await fileInput().setInputFiles({ name: `blog-com-fotos-${runId}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await tab().getByText('1 imagem no arquivo: será enviada ao site nos tamanhos do editor.').waitFor();
    await tab().getByRole('button', { name: 'Importar 1 post' }).click();
    await tab().getByRole('heading', { name: 'Importação concluída' }).waitFor();
    await tab().getByText('1 criado', { exact: true }).waitFor();
    await tab().getByText('1 imagem enviada', { exact: true }).waitFor();

    const [post] = (await (await rest('GET', `blog_posts?select=content&slug=eq.com-foto-${runId}`)).json()) as { content: string }[];
    const stored = /(\/storage\/v1\/object\/public\/post-images\/posts\/i[0-9a-f]+\/)1600\.(webp|jpg)/.exec(post!.content);
    expect(stored, post!.content).not.toBeNull();
    for (const width of [400, 800, 1600]) {
      const res = await fetch(new URL(`${stored![1]}${width}.${stored![2]}`, baseUrl));
      expect(res.status, `${width}`).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/(webp|jpeg)/);
    }
    e2e.expectNoConsoleErrors();
  });

  it('"Exportar tudo" downloads backup-<site>-<day>.zip with the imported posts in it', async () => {
    const download = page.waitForEvent('download');
    await tab().getByRole('button', { name: 'Exportar tudo' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^backup-127\.0\.0\.1-\d{4}-\d{2}-\d{2}\.zip$/);
    await tab().getByText(/^Backup baixado: \d+ posts, \d+ configurações, \d+ assinantes? e \d+ imagens?\.$/).waitFor();
    const zip = unzipSync(new Uint8Array(await downloaded(file)));
    const texts = Object.entries(zip).filter(([name]) => /\.(md|json|ya?ml)$/.test(name)).map(([, bytes]) => strFromU8(bytes));
    expect(texts.some((t) => t.includes(titles.elections))).toBe(true);
    expect(texts.some((t) => t.includes(titles.draft))).toBe(true);
    e2e.expectNoConsoleErrors();
  });
});
