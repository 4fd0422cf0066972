/**
 * /backups/v1 (issue 41): the admin's list, downloads and "Fazer backup
 * agora", for admins only, with her second factor when she has one, asked of
 * the database as every read of unpublished work is; never a reader, a
 * signed-in non-admin, or a password-only session of an admin with two-factor.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { zipFile } from './store.ts';
import { setSiteTime, startBackupSite, type BackupSite } from './testing.ts';

let site: BackupSite;
const client = () => createClient(site.server.url, site.server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

async function signedIn(admin: boolean): Promise<{ client: SupabaseClient; email: string; password: string }> {
  const email = `backup-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  const created = await site.service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  if (admin) expect((await site.service.from('user_roles').insert({ user_id: created.data.user!.id, role: 'admin' })).error).toBeNull();
  const c = client();
  expect((await c.auth.signInWithPassword({ email, password })).error).toBeNull();
  return { client: c, email, password };
}

const tokenOf = async (c: SupabaseClient) => (await c.auth.getSession()).data.session!.access_token;
const call = (token: string, path = '/backups/v1', init: RequestInit = {}) =>
  fetch(`${site.server.url}${path}`, { ...init, headers: { apikey: site.server.anonKey, authorization: `Bearer ${token}` } });

beforeAll(async () => {
  site = await startBackupSite();
});
afterAll(async () => {
  await site?.done();
});

async function waitForIdle(token: string): Promise<{ backups: { name: string; size: number; status: string }[]; stale: boolean; running: boolean }> {
  for (;;) {
    const body = (await (await call(token)).json()) as { backups: { name: string; size: number; status: string }[]; stale: boolean; running: boolean };
    if (!body.running) return body;
    await new Promise((r) => setTimeout(r, 200));
  }
}

it('lets the admin start a backup, see it listed and download it byte for byte; the warning goes once one is fresh', { timeout: 120_000 }, async () => {
  const admin = await signedIn(true);
  const token = await tokenOf(admin.client);
  const empty = await waitForIdle(token);
  // A fresh install without a backup yet: no warning before 48 hours.
  expect(empty).toMatchObject({ backups: [], stale: false, last_good_at: null });
  await setSiteTime(site.server.db, new Date(Date.now() + 49 * 3600_000));
  expect(await waitForIdle(token)).toMatchObject({ backups: [], stale: true });

  const started = await call(token, '/backups/v1', { method: 'POST' });
  expect(started.status).toBe(202);
  const listed = await waitForIdle(token);
  expect(listed.stale).toBe(false);
  expect(listed.backups).toHaveLength(1);
  const [backup] = listed.backups;
  expect(backup).toMatchObject({ status: 'good', counts: { posts: 0, objects: 0 } });

  const download = await call(token, `/backups/v1/${backup!.name}.zip`);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${backup!.name}.zip"`);
  expect(download.headers.get('cache-control')).toBe('no-store');
  expect(Buffer.from(await download.arrayBuffer()).equals(await readFile(zipFile(site.backupDir, backup!.name)))).toBe(true);
  expect((await call(token, '/backups/v1/backup-20200101T000000Z.zip')).status).toBe(404);
  expect((await call(token, '/backups/v1/..%2Fdata%2Fjwt-secret')).status).toBe(404);
});

it('refuses readers, signed-in users who are not admins, and the service key alone', async () => {
  const user = await signedIn(false);
  for (const token of [site.server.anonKey, await tokenOf(user.client), site.server.serviceRoleKey]) {
    expect((await call(token)).status).toBe(403);
    expect((await call(token, '/backups/v1', { method: 'POST' })).status).toBe(403);
  }
  expect((await fetch(`${site.server.url}/backups/v1/`)).status).toBe(401);
});

it('asks an admin with two-factor sign-in for her second factor', async () => {
  const admin = await signedIn(true);
  const enrolled = await admin.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefone' });
  const code = new TOTP({ secret: Secret.fromBase32(enrolled.data!.totp.secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  expect((await admin.client.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code })).error).toBeNull();
  expect((await call(await tokenOf(admin.client))).status).toBe(200);

  const passwordOnly = client();
  expect((await passwordOnly.auth.signInWithPassword({ email: admin.email, password: admin.password })).error).toBeNull();
  expect((await call(await tokenOf(passwordOnly))).status).toBe(403);
});
