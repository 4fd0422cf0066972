/**
 * Issue 23 in the admin panel, in Chromium on the server `npm start` runs:
 * she schedules a post a little over two minutes ahead (the card says
 * "Agendado para …" in Brasília time), a visitor sees nothing of it (not on
 * /pt, its address answers 404 while a published post's answers 200), then
 * she changes its address: a taken one is refused on the field, a free one is
 * saved. axe-core judges the dialog with the new controls open.
 *
 * The minutes are the server's real clock (nothing here can move it): every
 * step after the save runs well within the two minutes; the integration tests
 * (scheduled-posts) move the database's clock to see a post go out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeys } from '../../server/keys.ts';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { cardTitled, choose, signInAsAdmin, toast, waitForCards } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const admin = { email: `agenda-${runId}@example.com`, password: `senha-${runId}-Agenda` };
const title = `Coluna agendada ${runId}`;
const slug = `coluna-agendada-${runId}`;
const newSlug = `coluna-de-segunda-${runId}`;
const SITE_TIME_ZONE = 'America/Sao_Paulo';

let e2e: E2E;
let adminPage: Page;
let visitor: Page;

beforeAll(async () => {
  e2e = await E2E.open(baseUrl, 'scheduling');
  adminPage = await e2e.newPage();
  visitor = await e2e.newPage();
});

/**
 * The scheduled post goes: left, it would go out minutes later in the middle
 * of another file's test (scale.test.ts once saw its home's pages shift by
 * one under it).
 */
afterAll(async () => {
  await e2e?.close();
  const secret = readFileSync(path.join(app.dataDir, 'jwt-secret'), 'utf8').trim();
  const { serviceRoleKey } = await createApiKeys(secret);
  const res = await fetch(`${baseUrl}/rest/v1/blog_posts?title=eq.${encodeURIComponent(title)}`, {
    method: 'DELETE',
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, Prefer: 'return=representation' },
  });
  if (!res.ok) throw new Error(`the scheduled post was not removed: ${res.status} ${await res.text()}`);
  const removed = (await res.json()) as unknown[];
  if (removed.length !== 1) throw new Error(`expected to remove the one scheduled post, removed ${removed.length}`);
});

const dialog = (page: Page) => page.getByRole('dialog');

function adminCard(page: Page, cardTitle: string): Locator {
  return page.getByRole('tabpanel').getByRole('listitem').filter({ has: page.getByRole('heading', { name: cardTitle, exact: true }) });
}

/** A moment as Brasília's clocks show it: the date and time inputs' values, and the card's words. */
function brasilia(at: Date) {
  const part = (options: Intl.DateTimeFormatOptions, locale = 'en-CA') =>
    new Intl.DateTimeFormat(locale, { timeZone: SITE_TIME_ZONE, ...options }).format(at);
  return {
    date: part({ year: 'numeric', month: '2-digit', day: '2-digit' }),
    time: part({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    words: `${part({ day: 'numeric', month: 'long', year: 'numeric' }, 'pt-BR')}, ${part({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, 'pt-BR')}`,
  };
}

/** What a visitor's request for a path answers (the status, no browser cache). */
async function statusOf(path: string): Promise<number> {
  return (await fetch(new URL(path, baseUrl), { redirect: 'manual' })).status;
}

/** The slug of a published Portuguese post, as any visitor can read it. */
async function publishedSlug(): Promise<string> {
  const html = await (await fetch(new URL('/pt', baseUrl))).text();
  const key = /<meta\s+name="supabase-anon-key"\s+content="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(new URL('/rest/v1/blog_posts?select=slug&language=eq.pt&order=date.asc&limit=1', baseUrl), {
    headers: { apikey: key, authorization: `Bearer ${key}` },
  });
  const [row] = (await res.json()) as { slug: string }[];
  return row!.slug;
}

describe('scheduling a post and changing its address (issue 23)', () => {
  let when: ReturnType<typeof brasilia>;

  it('she signs in', async () => {
    const made = await createAdmin(app, admin.email, admin.password);
    expect(made.status, made.output).toBe(0);
    await signInAsAdmin(adminPage, admin.email, admin.password);
    e2e.expectNoConsoleErrors();
  });

  it('the dialog shows the address following the title, and "Agendar" with a date and a time in Brasília; axe finds nothing serious', async () => {
    await adminPage.getByRole('button', { name: 'Novo Post' }).click();
    const form = dialog(adminPage);
    await form.getByRole('heading', { name: 'Criar Novo Post' }).waitFor();
    await choose(form, adminPage, 'Idioma', /Português|pt/);
    await form.getByLabel(/^Título/).fill(title);
    await form.getByLabel(/^Conteúdo/).fill('Texto que vai ao ar sozinho.');
    const address = form.getByRole('textbox', { name: 'Endereço do post' });
    await expect.poll(() => address.inputValue()).toBe(slug);
    await form.getByText(`${baseUrl}/pt/${slug}`, { exact: true }).waitFor();

    await form.getByRole('switch', { name: 'Agendar' }).click();
    await form.getByRole('group', { name: 'Data e hora da publicação (horário de Brasília)' }).waitFor();
    expect(await form.getByLabel('Hora (Brasília)').inputValue()).toBe('08:00');
    expect(await form.getByRole('switch', { name: 'Publicado' }).getAttribute('aria-checked')).toBe('false');
    await e2e.screenshot(adminPage, 'dialog-scheduling');

    const serious = await e2e.accessibility(adminPage, 'post dialog with "Endereço do post" and "Agendar"');
    expect(serious.map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    e2e.expectNoConsoleErrors();
  });

  it('the controls work from the keyboard: Tab reaches "Agendar", Space turns it off and on', async () => {
    const form = dialog(adminPage);
    const schedule = form.getByRole('switch', { name: 'Agendar' });
    await form.getByRole('switch', { name: 'Publicado' }).focus();
    await adminPage.keyboard.press('Tab');
    expect(await schedule.evaluate((el) => el === document.activeElement)).toBe(true);
    await adminPage.keyboard.press('Space');
    expect(await schedule.getAttribute('aria-checked')).toBe('false');
    expect(await form.getByLabel('Data', { exact: true }).count()).toBe(0);
    await adminPage.keyboard.press('Space');
    expect(await schedule.getAttribute('aria-checked')).toBe('true');
    await form.getByLabel('Data', { exact: true }).waitFor();
  });

  it('she schedules it a little over two minutes ahead: the card says "Agendado para …" (Brasília time)', async () => {
    const form = dialog(adminPage);
    // The minute three minutes from now: between two and three minutes ahead.
    when = brasilia(new Date(Date.now() + 3 * 60_000));
    await form.getByLabel('Data', { exact: true }).fill(when.date);
    await form.getByLabel('Hora (Brasília)').fill(when.time);
    await form.getByText(`Vai ao ar em ${when.words}, horário de Brasília.`).waitFor();
    await form.getByRole('button', { name: 'Criar Post' }).click();
    await toast(adminPage, 'Post criado!').waitFor();
    await form.waitFor({ state: 'detached' });

    const card = adminCard(adminPage, title);
    await card.getByText(`Agendado para ${when.words}`, { exact: true }).waitFor();
    expect(await card.getByText('Publicado', { exact: true }).count()).toBe(0);
    await e2e.screenshot(adminPage, 'scheduled-card');

    // "Mostrar: Agendados" lists it.
    await adminPage.getByLabel('Mostrar').selectOption({ label: 'Agendados' });
    await adminCard(adminPage, title).waitFor();
    expect(await adminPage.getByRole('tabpanel').getByText('Rascunho', { exact: true }).count()).toBe(0);
    await adminPage.getByLabel('Mostrar').selectOption({ label: 'Todos' });
    e2e.expectNoConsoleErrors();
  });

  it('a visitor sees nothing of it: not on /pt, and its address answers 404 (a published post’s answers 200)', async () => {
    await visitor.goto('/pt');
    await waitForCards(visitor);
    expect(await cardTitled(visitor, title).count()).toBe(0);
    expect(await statusOf(`/pt/${slug}`)).toBe(404);
    expect(await statusOf(`/pt/${await publishedSlug()}`)).toBe(200);
    e2e.expectNoConsoleErrors();
  });

  it('changing its address: a taken one is refused on the field with her text kept, a free one is saved', async () => {
    const taken = await publishedSlug();
    await adminCard(adminPage, title).getByRole('button', { name: /Editar/ }).click();
    const form = dialog(adminPage);
    await form.getByRole('heading', { name: 'Editar Post' }).waitFor();
    const address = form.getByRole('textbox', { name: 'Endereço do post' });
    expect(await address.inputValue()).toBe(slug);
    expect(await form.getByRole('switch', { name: 'Agendar' }).getAttribute('aria-checked')).toBe('true');
    expect(await form.getByLabel('Hora (Brasília)').inputValue()).toBe(when.time);

    await address.fill(taken);
    await form.getByRole('button', { name: 'Atualizar Post' }).click();
    const refusal = 'Este endereço já está em uso em português, por outro post ou pelo próprio site. Escolha outro.';
    await form.getByText(refusal).waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await address.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await form.getByLabel(/^Título/).inputValue()).toBe(title);
    expect(await form.getByLabel(/^Conteúdo/).inputValue()).toBe('Texto que vai ao ar sozinho.');
    await e2e.screenshot(adminPage, 'slug-taken');

    await address.fill(newSlug);
    expect(await form.getByText(refusal).count()).toBe(0);
    await form.getByText(`${baseUrl}/pt/${newSlug}`, { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Atualizar Post' }).click();
    await toast(adminPage, 'Post atualizado!').waitFor();
    await form.waitFor({ state: 'detached' });
    await adminCard(adminPage, title).getByText(`Agendado para ${when.words}`, { exact: true }).waitFor();

    // Still scheduled: its new address is no more public than the old one.
    expect(await statusOf(`/pt/${newSlug}`)).toBe(404);
    expect(await statusOf(`/pt/${slug}`)).toBe(404);
    // The taken post kept its own address.
    expect(await statusOf(`/pt/${taken}`)).toBe(200);
    // The refused save is a 409 from the REST API, which the browser logs.
    e2e.expectNoConsoleErrors([/status of 409/]);
  });
});
