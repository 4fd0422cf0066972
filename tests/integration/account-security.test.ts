/**
 * The admin's account is hers alone (issue 14), through the real supabase-js
 * on PGlite and PostgreSQL: password recovery through the outbox (implicit
 * and PKCE), TOTP two-factor with auth.mfa.*, and the database refusing an
 * aal1 session of an admin who has a factor (the RLS matrix's aal dimension).
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { verifyLinkIn } from '../../server/auth/mailer.ts';
import { readOutbox } from '../../server/mail/outbox-reader.ts';
import { newClient, targets, useBackend, type Backend, type Client, type TestUser } from './harness.ts';
import type { Database } from '../../src/types/database.types.ts';

const REDIRECT = 'http://127.0.0.1:8080/auth';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

function claims(jwt: string): { aal: string; amr: { method: string }[] } {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

/** The link of the newest mail to `email`, once the mail worker has sent what was queued. */
async function lastLink(b: Backend, email: string): Promise<string> {
  await b.drainMail();
  const mails = await readOutbox(b.dataDir, email);
  expect(mails.length, `a mail to ${email} in the outbox`).toBeGreaterThan(0);
  return verifyLinkIn(mails[mails.length - 1]!.text)!;
}

/** Follows the mail's link as a browser would, up to the redirect it answers with. */
async function follow(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

/** A supabase-js client of the PKCE flow, with the storage it keeps its code verifier in. */
function pkceClient(b: Backend): Client {
  const memory = new Map<string, string>();
  return createClient<Database>(b.url, b.anonKey, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (k) => memory.get(k) ?? null,
        setItem: (k, v) => void memory.set(k, v),
        removeItem: (k) => void memory.delete(k),
      },
    },
  });
}

describe.each(targets)('account security on $name', (target) => {
  // Enough mails for the tests; the limits themselves are tested in server/auth/recovery.test.ts.
  const backend = useBackend(target, { auth: { rateLimitEmailSent: 100, emailMaxFrequency: 0 } });

  describe('password recovery', () => {
    it('mail → link → recovery session → new password; other sessions end; the old password fails', async () => {
      const user = await backend.createUser('forgot');
      const oldToken = (await user.client.auth.getSession()).data.session!.access_token;
      const { error } = await backend.anon().auth.resetPasswordForEmail(user.email, { redirectTo: REDIRECT });
      expect(error).toBeNull();

      const landing = await follow(await lastLink(backend, user.email));
      expect(landing.origin + landing.pathname).toBe(REDIRECT);
      const fragment = new URLSearchParams(landing.hash.slice(1));
      expect(fragment.get('type')).toBe('recovery');
      const browser = backend.anon();
      const set = await browser.auth.setSession({
        access_token: fragment.get('access_token')!,
        refresh_token: fragment.get('refresh_token')!,
      });
      expect(set.error).toBeNull();
      expect(claims(fragment.get('access_token')!).amr[0]!.method).toBe('recovery');

      const newPassword = `new-${randomUUID()}`;
      expect((await browser.auth.updateUser({ password: newPassword })).error).toBeNull();
      expect((await browser.auth.signOut({ scope: 'others' })).error).toBeNull();

      // user.client signed in before the reset: its session is over.
      const ended = await backend.anon().auth.getUser(oldToken);
      expect(ended.data.user).toBeNull();
      expect(ended.error).not.toBeNull();
      expect((await backend.anon().auth.signInWithPassword({ email: user.email, password: user.password })).error?.code).toBe(
        'invalid_credentials',
      );
      expect((await backend.anon().auth.signInWithPassword({ email: user.email, password: newPassword })).error).toBeNull();
      // The browser that reset it is still signed in.
      expect((await browser.auth.getUser()).data.user?.id).toBe(user.id);
    });

    it('answers an unknown address exactly like a known one, and mails nobody', async () => {
      const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;
      const { data, error } = await backend.anon().auth.resetPasswordForEmail(unknown, { redirectTo: REDIRECT });
      expect(error).toBeNull();
      expect(data).toEqual({});
      await backend.drainMail();
      expect(await readOutbox(backend.dataDir, unknown)).toHaveLength(0);
    });

    it('a link works once, and not after otp_expiry', async () => {
      const user = await backend.createUser('once');
      await backend.anon().auth.resetPasswordForEmail(user.email, { redirectTo: REDIRECT });
      const link = await lastLink(backend, user.email);
      expect(new URLSearchParams((await follow(link)).hash.slice(1)).get('access_token')).toBeTruthy();
      const again = new URLSearchParams((await follow(link)).hash.slice(1));
      expect(again.get('access_token')).toBeNull();
      expect(again.get('error_code')).toBe('otp_expired');

      await backend.anon().auth.resetPasswordForEmail(user.email, { redirectTo: REDIRECT });
      await backend.sql(`update auth.users set recovery_sent_at = now() - interval '2 hours' where id = $1`, [user.id]);
      expect(new URLSearchParams((await follow(await lastLink(backend, user.email))).hash.slice(1)).get('error_code')).toBe('otp_expired');
    });

    it('PKCE: the link redirects with ?code=, exchanged by the same client; PASSWORD_RECOVERY fires', async () => {
      const user = await backend.createUser('pkce');
      const client = pkceClient(backend);
      const events: string[] = [];
      client.auth.onAuthStateChange((event) => void events.push(event));
      expect((await client.auth.resetPasswordForEmail(user.email, { redirectTo: REDIRECT })).error).toBeNull();
      const landing = await follow(await lastLink(backend, user.email));
      const code = landing.searchParams.get('code');
      expect(code).toBeTruthy();
      // Another client (without the verifier) cannot use the code.
      expect((await pkceClient(backend).auth.exchangeCodeForSession(code!)).error).not.toBeNull();
      const { data, error } = await client.auth.exchangeCodeForSession(code!);
      expect(error).toBeNull();
      expect(data.user?.id).toBe(user.id);
      expect(events).toContain('PASSWORD_RECOVERY');
      expect((await client.auth.updateUser({ password: `pkce-${randomUUID()}` })).error).toBeNull();
    });
  });

  describe('an ended session ends what its access token can do (issue 22)', () => {
    const newPost = (title: string) => ({ title, language: 'pt', category: 'Outros', published: false });

    /** A client that keeps using one access token as it is, as a thief holding a copy would. */
    const holding = (token: string): Client =>
      createClient<Database>(backend.url, backend.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: { headers: { Authorization: `Bearer ${token}` } },
      });

    /** What the token may still do as an admin: each true is a hole. */
    async function adminPowers(client: Client) {
      const { data: draft } = await backend.service.from('blog_posts').insert(newPost(`rascunho ${randomUUID()}`)).select().single();
      const { data: setting } = await backend.service.from('site_settings').select('id, value').limit(1).single();
      const isAdmin = await client.rpc('is_admin');
      const drafts = await client.from('blog_posts').select('id').eq('id', draft!.id);
      const insert = await client.from('blog_posts').insert(newPost('depois de sair'));
      const update = await client.from('site_settings').update({ value: setting!.value }).eq('id', setting!.id).select();
      const upload = await client.storage.from('post-images').upload(`ended/${randomUUID()}.png`, new Blob([PNG], { type: 'image/png' }));
      await backend.service.from('blog_posts').delete().eq('id', draft!.id);
      return {
        isAdmin: isAdmin.data === true,
        readsDrafts: (drafts.data ?? []).length > 0,
        inserts: insert.error === null,
        insertCode: insert.error?.code,
        editsSettings: (update.data ?? []).length > 0,
        uploads: upload.error === null,
      };
    }
    const none = { isAdmin: false, readsDrafts: false, inserts: false, insertCode: '42501', editsSettings: false, uploads: false };

    it('a live admin session has every power (the control)', async () => {
      const admin = await backend.createAdmin('live');
      const token = (await admin.client.auth.getSession()).data.session!.access_token;
      expect(await adminPowers(holding(token))).toEqual({
        isAdmin: true, readsDrafts: true, inserts: true, insertCode: undefined, editsSettings: true, uploads: true,
      });
      await backend.sql(`delete from public.blog_posts where title = 'depois de sair'`);
    });

    it('"Sair de todos os dispositivos" (scope global): another device\'s unexpired token is powerless at once', async () => {
      const admin = await backend.createAdmin('global');
      const phone = newClient(backend.url, backend.anonKey);
      expect((await phone.auth.signInWithPassword({ email: admin.email, password: admin.password })).error).toBeNull();
      const phoneToken = (await phone.auth.getSession()).data.session!.access_token;
      expect((await admin.client.auth.signOut({ scope: 'global' })).error).toBeNull();
      expect(await adminPowers(holding(phoneToken))).toEqual(none);
    });

    it('scope others and scope local end those sessions\' tokens too, and leave the live one whole', async () => {
      const admin = await backend.createAdmin('others');
      const laptopToken = (await admin.client.auth.getSession()).data.session!.access_token;
      const phone = newClient(backend.url, backend.anonKey);
      expect((await phone.auth.signInWithPassword({ email: admin.email, password: admin.password })).error).toBeNull();
      const phoneToken = (await phone.auth.getSession()).data.session!.access_token;

      expect((await phone.auth.signOut({ scope: 'others' })).error).toBeNull();
      expect((await adminPowers(holding(laptopToken))).readsDrafts).toBe(false);
      expect((await adminPowers(holding(phoneToken))).isAdmin).toBe(true);

      expect((await phone.auth.signOut({ scope: 'local' })).error).toBeNull();
      expect(await adminPowers(holding(phoneToken))).toEqual(none);
    });

    it('a password reset that ends her other sessions ends their tokens\' powers', async () => {
      const admin = await backend.createAdmin('reset');
      const stolenToken = (await admin.client.auth.getSession()).data.session!.access_token;
      await backend.anon().auth.resetPasswordForEmail(admin.email, { redirectTo: REDIRECT });
      const fragment = new URLSearchParams((await follow(await lastLink(backend, admin.email))).hash.slice(1));
      const browser = backend.anon();
      await browser.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
      expect((await browser.auth.updateUser({ password: `new-${randomUUID()}` })).error).toBeNull();
      expect((await browser.auth.signOut({ scope: 'others' })).error).toBeNull();
      expect(await adminPowers(holding(stolenToken))).toEqual(none);
    });
  });

  describe('two-factor sign-in (TOTP)', () => {
    let admin: TestUser;
    let secret: string;
    let factorId: string;
    /** A second device that signed in with the password only. */
    let aal1: Client;

    beforeAll(async () => {
      admin = await backend.createAdmin('mfa-admin');
      const enrolled = await admin.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefone' });
      expect(enrolled.error).toBeNull();
      expect(enrolled.data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
      secret = enrolled.data!.totp.secret;
      factorId = enrolled.data!.id;
      const verified = await admin.client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
      expect(verified.error).toBeNull();
      aal1 = newClient(backend.url, backend.anonKey);
      expect((await aal1.auth.signInWithPassword({ email: admin.email, password: admin.password })).error).toBeNull();
    });

    it('the verified session is aal2 with amr totp; a password-only one is aal1 and knows aal2 is next', async () => {
      const level = await admin.client.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
      expect(level.data!.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toContain('totp');
      const other = await aal1.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(other.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
      const factors = await aal1.auth.mfa.listFactors();
      expect(factors.data!.totp.map((f) => f.id)).toEqual([factorId]);
    });

    it('a used code is refused (replay), and a wrong one', async () => {
      const replay = await aal1.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
      expect(replay.error?.code).toBe('mfa_verification_failed');
      const wrong = await aal1.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) === '000000' ? '111111' : '000000' });
      expect(wrong.error?.code).toBe('mfa_verification_failed');
      expect((await aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data!.currentLevel).toBe('aal1');
    });

    describe('RLS: the aal dimension (admin with a verified factor)', () => {
      const newPost = (title: string) => ({ title, language: 'pt', category: 'Outros', published: false });

      it('aal1: insert refused (42501), update and delete touch nothing, drafts unseen', async () => {
        const before = await backend.count('blog_posts');
        const insert = await aal1.from('blog_posts').insert(newPost('aal1 intruder'));
        expect(insert.error?.code).toBe('42501');
        expect(insert.status).toBe(403);
        expect(await backend.count('blog_posts')).toBe(before);

        const { data: draft } = await backend.service.from('blog_posts').insert(newPost('rascunho')).select().single();
        const update = await aal1.from('blog_posts').update({ title: 'changed' }).eq('id', draft!.id).select();
        expect(update.data).toEqual([]);
        const del = await aal1.from('blog_posts').delete().eq('id', draft!.id).select();
        expect(del.data).toEqual([]);
        expect((await backend.service.from('blog_posts').select('title').eq('id', draft!.id).single()).data!.title).toBe('rascunho');

        const seen = await aal1.from('blog_posts').select('published');
        expect(seen.error).toBeNull();
        expect(seen.data!.every((p) => p.published)).toBe(true);
      });

      it('aal1: settings and post images cannot be changed', async () => {
        const settings = await aal1.from('site_settings').update({ value: 'hacked' }).eq('key', 'hero_title_pt').select();
        expect(settings.data).toEqual([]);
        const upload = await aal1.storage.from('post-images').upload(`mfa/${randomUUID()}.png`, new Blob([PNG], { type: 'image/png' }));
        expect(upload.error).not.toBeNull();
        expect(Number((await backend.sql<{ n: string }>(`select count(*) as n from storage.objects where name like 'mfa/%'`))[0]!.n)).toBe(0);
      });

      it('aal1: the post images cannot be listed, inspected or downloaded with the session (draft covers included); aal2 can', async () => {
        // Issue 41, defect 6: listing asked is_admin() alone, so a password-only session saw every cover.
        const name = `capa-${randomUUID().slice(0, 8)}.png`;
        const uploaded = await admin.client.storage.from('post-images').upload(`mfa-list/${name}`, new Blob([PNG], { type: 'image/png' }));
        expect(uploaded.error).toBeNull();
        const fromAal1 = aal1.storage.from('post-images');
        const listed = await fromAal1.list('mfa-list');
        // As her drafts behave at aal1: no error, nothing seen.
        expect(listed.error).toBeNull();
        expect(listed.data).toEqual([]);
        expect((await fromAal1.list('')).data).toEqual([]);
        expect((await fromAal1.info(`mfa-list/${name}`)).error).not.toBeNull();
        expect((await fromAal1.download(`mfa-list/${name}`)).error).not.toBeNull();
        expect((await fromAal1.exists(`mfa-list/${name}`)).data).toBe(false);
        // Readers keep the public address.
        expect((await fetch(`${backend.url}/storage/v1/object/public/post-images/mfa-list/${name}`)).status).toBe(200);
        // The same admin after her second factor.
        expect((await admin.client.storage.from('post-images').list('mfa-list')).data!.map((e) => e.name)).toEqual([name]);
      });

      it('an admin without a second factor lists the post images with her password session', async () => {
        const plain = await backend.createAdmin('sem-fator');
        const name = `capa-${randomUUID().slice(0, 8)}.png`;
        const files = plain.client.storage.from('post-images');
        expect((await files.upload(`no-mfa-list/${name}`, new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
        expect((await plain.client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
        expect((await files.list('no-mfa-list')).data!.map((e) => e.name)).toEqual([name]);
      });

      it('aal2: writes, drafts, settings and uploads all allowed', async () => {
        const created = await admin.client.from('blog_posts').insert(newPost('com dois fatores')).select().single();
        expect(created.error).toBeNull();
        const drafts = await admin.client.from('blog_posts').select('id').eq('published', false);
        expect(drafts.data!.length).toBeGreaterThan(0);
        const updated = await admin.client.from('blog_posts').update({ title: 'editado' }).eq('id', created.data!.id).select();
        expect(updated.data).toHaveLength(1);
        const { data: setting } = await backend.service.from('site_settings').select('id, value').limit(1).single();
        const settings = await admin.client.from('site_settings').update({ value: setting!.value }).eq('id', setting!.id).select();
        expect(settings.data).toHaveLength(1);
        const upload = await admin.client.storage.from('post-images').upload(`mfa/${randomUUID()}.png`, new Blob([PNG], { type: 'image/png' }));
        expect(upload.error).toBeNull();
        const deleted = await admin.client.from('blog_posts').delete().eq('id', created.data!.id).select();
        expect(deleted.data).toHaveLength(1);
      });

      it('aal1 becomes aal2 with a code of its own, and may then write', async () => {
        const device = newClient(backend.url, backend.anonKey);
        await device.auth.signInWithPassword({ email: admin.email, password: admin.password });
        const verified = await device.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) });
        expect(verified.error).toBeNull();
        expect(claims(verified.data!.access_token).aal).toBe('aal2');
        const created = await device.from('blog_posts').insert(newPost('do segundo aparelho')).select().single();
        expect(created.error).toBeNull();
      });
    });
  });
});
