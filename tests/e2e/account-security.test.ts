/**
 * The admin's account is hers alone (issue 14), in Chromium against
 * `npm start`: a forgotten password through the mail in the outbox, turning
 * on two-factor sign-in in "Segurança", and signing in with a code.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLinkIn } from '../../server/auth/mailer.ts';
import { waitForOutbox } from '../../server/mail/outbox-reader.ts';
import { createAdmin } from './support/app-server';
import { E2E, runId } from './support/browser';
import { signInAsAdmin, toast } from './support/ui';
import { theApp } from './support/the-app';

const baseUrl = theApp().url;
const app = { port: theApp().port, dataDir: theApp().dataDir };
const forgetful = { email: `esquecida-${runId}@example.com`, password: `senha-${runId}-Antiga`, newPassword: `senha-${runId}-Nova` };
const careful = { email: `cuidadosa-${runId}@example.com`, password: `senha-${runId}-Cuidadosa` };

let e2e: E2E;

beforeAll(async () => {
  for (const who of [forgetful, careful]) {
    const made = await createAdmin(app, who.email, who.password);
    if (made.status !== 0) throw new Error(made.output);
  }
  e2e = await E2E.open(baseUrl, 'account');
});

afterAll(async () => {
  await e2e?.close();
});

/** The link of the newest mail to `email` in the server's outbox (its mail worker writes it a moment after the request). */
async function mailedLink(email: string): Promise<string> {
  const mails = await waitForOutbox(app.dataDir, email);
  return verifyLinkIn(mails[mails.length - 1]!.text)!;
}

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByRole('tabpanel').getByLabel('Email').fill(email);
  await page.getByRole('tabpanel').getByLabel(/^Senha/).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

describe('a forgotten password', () => {
  it('"Esqueceu a senha?" → the mailed link → "Nova senha" → /admin; the new password signs in, the old one not', async () => {
    const page = await e2e.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    await page.getByLabel('Email').fill(forgetful.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText('Se houver uma conta com este email, enviamos um link para redefinir a senha.').waitFor();

    await page.goto(await mailedLink(forgetful.email));
    await page.getByRole('heading', { name: 'Nova senha' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await page.getByLabel('Nova senha', { exact: true }).fill(forgetful.newPassword);
    await page.getByLabel('Confirme a nova senha').fill(forgetful.newPassword);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByRole('heading', { name: 'Administração do Blog' }).waitFor();
    await toast(page, 'Senha alterada').waitFor();
    await e2e.screenshot(page, 'new-password-saved');

    const other = await e2e.newPage();
    await signInWithPassword(other, forgetful.email, forgetful.password);
    await toast(other, 'Erro no login').waitFor();
    await signInAsAdmin(other, forgetful.email, forgetful.newPassword);
    e2e.expectNoConsoleErrors([/400 \(Bad Request\)/]);
  });

  it('a link used once is refused the second time, with the way to ask again', async () => {
    const page = await e2e.newPage();
    await page.goto(await mailedLink(forgetful.email));
    await page.getByRole('alert').filter({ hasText: 'Este link para redefinir a senha é inválido, expirou ou já foi usado.' }).waitFor();
    await page.getByRole('button', { name: 'Enviar link' }).waitFor();
  });
});

describe('two-factor sign-in', () => {
  let secret = '';

  it('is turned on from "Segurança": QR code, the key, a first code', async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, careful.email, careful.password);
    await page.getByRole('tab', { name: 'Segurança' }).click();
    const section = page.getByRole('region', { name: 'Verificação em duas etapas' });
    await section.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
    const qr = section.getByRole('img', { name: 'QR code para o aplicativo autenticador' });
    await qr.waitFor();
    // The QR code really draws (an SVG data: URL that the browser decodes).
    expect(await qr.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0);
    secret = (await section.locator('code').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await section.getByLabel('Código').fill(codeFor(secret));
    await section.getByRole('button', { name: 'Confirmar' }).click();
    await toast(page, 'Verificação em duas etapas ativada').waitFor();
    await section.getByText('Ativada. Ao entrar, pedimos um código do seu aplicativo autenticador.').waitFor();
    await e2e.screenshot(page, 'two-factor-on');
  });

  it('then signing in asks for the code: a wrong one is refused on screen, the right one opens the admin', async () => {
    const page = await e2e.newPage();
    await signInWithPassword(page, careful.email, careful.password);
    await page.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Administração do Blog' }).count()).toBe(0);
    const code = page.getByLabel('Código');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    const right = codeFor(secret, 1);
    await code.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText(/^Código inválido ou expirado/).waitFor();
    await e2e.screenshot(page, 'two-factor-challenge');
    await code.fill(right);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByRole('heading', { name: 'Administração do Blog' }).waitFor();
    e2e.expectNoConsoleErrors([/422 \(Unprocessable Entity\)/]);
  });
});
