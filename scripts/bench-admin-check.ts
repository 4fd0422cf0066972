/**
 * `npm run bench`, the admin check (issue 22, finding 3): what the session
 * lookup that public.is_admin() makes since 20261124090000 costs. Printed:
 * the plan of the lookup (it must stay a primary-key probe of auth.sessions),
 * then is_admin() beside the role-only check it replaced, each as the request's
 * transaction sends it (role and claims set, then the statement), and the
 * admin's listing of every post (drafts included) through HTTP, where
 * the policies call it, as the panel reads it.
 */
import type { RunningServer } from '../server/index.ts';

/** What is_admin() checked before the session rule: the admin row alone. */
const ROLE_ONLY = `select exists (select 1 from public.user_roles where user_id = (select auth.uid()) and role = 'admin') as admin`;

export interface Admin {
  token: string;
  claims: Record<string, unknown>;
}

export async function signUpAdmin(server: RunningServer): Promise<Admin> {
  const email = `bench-admin-${Date.now().toString(36)}@example.com`;
  const res = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: `bench-${Math.random().toString(36).slice(2)}-Pw1` }),
  });
  const body = (await res.json()) as { access_token?: string; user?: { id: string } };
  if (!body.access_token || !body.user) throw new Error(`bench admin sign-up answered ${res.status}`);
  await server.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [body.user.id]);
  const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { token: body.access_token, claims };
}

export interface Measures {
  inProcess: (task: () => Promise<unknown>) => Promise<{ rps: number; p50: number; p99: number }>;
  http: (url: string, headers: Record<string, string>) => Promise<{ rps: number; p50: number; p99: number }>;
  fmt: (s: { rps: number; p50: number; p99: number }) => string;
}

export async function benchAdminCheck(server: RunningServer, m: Measures): Promise<void> {
  const admin = await signUpAdmin(server);
  const plan = await server.db.query<{ 'QUERY PLAN': string }>(
    `explain select 1 from auth.sessions s where s.id = $1 and s.user_id = $2 and (s.not_after is null or s.not_after > now())`,
    [admin.claims.session_id, admin.claims.sub],
  );
  const probe = plan.rows.map((r) => r['QUERY PLAN'].trim()).join(' / ');
  const settings: [string, string][] = [
    ['role', 'authenticated'],
    ['request.jwt.claims', JSON.stringify(admin.claims)],
  ];
  const inTx = (sql: string) => () => server.db.batch([{ sql, params: [] }], { readOnly: true, settings });
  const [check] = await inTx('select public.is_admin() as admin')();
  if (check!.rows[0]!.admin !== true) throw new Error('the bench admin is not an admin: is_admin() answered false');

  const roleOnly = await m.inProcess(inTx(ROLE_ONLY));
  const withSession = await m.inProcess(inTx('select public.is_admin() as admin'));
  const listing = await m.http(`${server.url}/rest/v1/blog_posts?select=id,title,published&order=created_at.desc&limit=20`, {
    apikey: server.anonKey,
    Authorization: `Bearer ${admin.token}`,
    'Accept-Encoding': 'gzip, deflate, br',
  });
  console.log('the admin check (is_admin(), since issue 22 also a live session in auth.sessions)');
  console.log(`  the session lookup's plan:    ${probe}`);
  console.log(`  role only, in a transaction:  ${m.fmt(roleOnly)}`);
  console.log(`  is_admin() with the session:  ${m.fmt(withSession)}`);
  console.log(
    `  the session lookup costs ${(((1 / withSession.rps - 1 / roleOnly.rps) * 1e6) | 0)} µs a check here ` +
      `(is_admin() at ${((withSession.rps / roleOnly.rps) * 100).toFixed(0)} % of the role-only check's throughput)`,
  );
  console.log(`  HTTP, the admin's first 20 posts (drafts too): ${m.fmt(listing)}\n`);
}
