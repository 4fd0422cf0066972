/**
 * The unchanged supabase-js client against these routes over real HTTP
 * (127.0.0.1, ephemeral port): what it sends, and that it accepts what we
 * answer (sessions, errors with codes, 204 logout, admin pagination).
 * Broader client scenarios live in tests/integration.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { AuthApiError, AuthWeakPasswordError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { AppDeps } from '../deps.ts';
import type { Database } from '../db/database.ts';
import { authApp, openTestDb, testDeps, uniqueEmail } from './testing.ts';

let db: Database;
let deps: AppDeps;
let server: ServerType;
let url: string;

beforeAll(async () => {
  db = await openTestDb();
  deps = await testDeps(db);
  const app = authApp(deps);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await db.close();
});

function client(key = deps.anonKey): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

describe('supabase-js auth against /auth/v1', () => {
  it('signUp, getUser, updateUser, refreshSession, signOut', async () => {
    const supabase = client();
    const email = uniqueEmail('js');
    const up = await supabase.auth.signUp({ email, password: 'secret123', options: { emailRedirectTo: `${url}/` } });
    expect(up.error).toBeNull();
    expect(up.data.session?.access_token).toBeTruthy();
    expect(up.data.user?.email).toBe(email);

    const me = await supabase.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user?.id).toBe(up.data.user?.id);

    const claims = await supabase.auth.getClaims();
    expect(claims.data?.claims.session_id).toBeTruthy();

    const updated = await supabase.auth.updateUser({ data: { display_name: 'Ana' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.display_name).toBe('Ana');

    const oldRefresh = up.data.session!.refresh_token;
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(oldRefresh);

    const out = await supabase.auth.signOut();
    expect(out.error).toBeNull();
    expect((await supabase.auth.getSession()).data.session).toBeNull();
    const reuse = await client().auth.refreshSession({ refresh_token: refreshed.data.session!.refresh_token });
    expect(reuse.error?.code).toBe('refresh_token_not_found');
  });

  it('surfaces error codes and classes: invalid_credentials, weak_password, user_already_exists', async () => {
    const supabase = client();
    const email = uniqueEmail('js-err');
    await supabase.auth.signUp({ email, password: 'secret123' });

    const wrong = await client().auth.signInWithPassword({ email, password: 'nope-nope' });
    expect(wrong.error).toBeInstanceOf(AuthApiError);
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });

    const weak = await client().auth.signUp({ email: uniqueEmail(), password: '123' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['length']);

    const dup = await client().auth.signUp({ email, password: 'secret123' });
    expect(dup.error).toMatchObject({ status: 422, code: 'user_already_exists' });

    const ok = await client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.expires_in).toBe(3600);
  });

  it('admin API with the service_role key; refused with the anon key', async () => {
    const admin = client(deps.serviceRoleKey).auth.admin;
    const email = uniqueEmail('js-admin');
    const created = await admin.createUser({ email, password: 'secret123', email_confirm: true });
    expect(created.error).toBeNull();
    const list = await admin.listUsers({ page: 1, perPage: 1 });
    expect(list.error).toBeNull();
    expect(list.data.users).toHaveLength(1);
    expect((list.data as { total?: number }).total).toBeGreaterThanOrEqual(1);
    const got = await admin.getUserById(created.data.user!.id);
    expect(got.data.user?.email).toBe(email);
    // (auth-js itself refuses non-UUID ids before sending; admin.test.ts covers the server side.)
    expect((await admin.deleteUser(created.data.user!.id)).error).toBeNull();

    const refused = await client().auth.admin.listUsers();
    expect(refused.error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});
