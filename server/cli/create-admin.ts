/**
 * `npm run create-admin -- --email E --password P [--keep-password]`
 *
 * Makes E an admin: creates the user (email confirmed) or promotes an
 * existing one, then grants `admin` in public.user_roles.
 *
 * One code path for every setup: supabase-js (admin API + REST, with the
 * service_role key, which bypasses RLS) against a URL. Which URL:
 *   1. SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY set → that project (hosted,
 *      or any running local backend).
 *   2. No DATABASE_URL, and a server holds the embedded data directory lock
 *      (PGlite can be opened by one process only) → that server, at
 *      SUPABASE_URL or http://127.0.0.1:$PORT, with the service_role key
 *      derived from JWT_SECRET or DATA_DIR/jwt-secret.
 *   3. Otherwise → the backend is started in this process on an ephemeral
 *      127.0.0.1 port (embedded data in DATA_DIR, or DATABASE_URL), used,
 *      and closed.
 *
 * Existing user: their password is reset to --password (so whoever runs the
 * command knows the admin's credentials, and an unconfirmed address is
 * confirmed); this ends the user's other sessions, as a GoTrue admin password
 * change does. With --keep-password the password is left as it is and
 * --password may be omitted.
 *
 * Exit codes: 0 done, 2 bad usage, 1 anything else (message on stderr).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { requireSupportedNode } from '../runtime.ts';

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

const USAGE = 'Usage: npm run create-admin -- --email you@example.com --password "a long password" [--keep-password]';

export interface Args {
  email: string;
  password: string | undefined;
  keepPassword: boolean;
}

export function parseArgs(argv: string[]): Args {
  let email: string | undefined;
  let password: string | undefined;
  let keepPassword = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new CliError(`${flag} needs a value.\n${USAGE}`, 2);
      return v;
    };
    if (flag === '--email') email = value();
    else if (flag === '--password') password = value();
    else if (flag === '--keep-password') keepPassword = true;
    else if (flag === '--help' || flag === '-h') throw new CliError(USAGE, 0);
    else throw new CliError(`Unknown argument ${arg}.\n${USAGE}`, 2);
  }
  if (!email) throw new CliError(`--email is required.\n${USAGE}`, 2);
  if (!password && !keepPassword) throw new CliError(`--password is required (or --keep-password for an existing user).\n${USAGE}`, 2);
  return { email: email.trim().toLowerCase(), password, keepPassword };
}

export interface Target {
  url: string;
  serviceRoleKey: string;
  description: string;
  close(): Promise<void>;
}

export function serviceClient(target: Target): SupabaseClient {
  return createClient(target.url, target.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

async function findUserByEmail(supabase: SupabaseClient, email: string): Promise<User | undefined> {
  const perPage = 1000;
  for (let page = 1; ; page++) {
    const { data, error } = await supabase.auth.admin.listUsers({ page, perPage });
    if (error) throw describe(error, 'listing users');
    const found = data.users.find((u) => u.email?.toLowerCase() === email);
    if (found) return found;
    if (data.users.length < perPage) return undefined;
  }
}

function describe(error: { message: string; status?: number; code?: string }, doing: string): CliError {
  if (error.code === 'weak_password') return new CliError(`The password is too weak: ${error.message}`, 2);
  if (error.code === 'validation_failed') return new CliError(`${error.message}`, 2);
  if (error.status === 401 || error.status === 403) {
    return new CliError(`The server refused the service_role key while ${doing} (${error.message}). Check SUPABASE_SERVICE_ROLE_KEY or JWT_SECRET.`);
  }
  if (!error.status) return new CliError(`Cannot reach the server while ${doing}: ${error.message}`);
  return new CliError(`Failed while ${doing}: ${error.message} (HTTP ${error.status}${error.code ? `, ${error.code}` : ''})`);
}

export interface Outcome {
  userId: string;
  created: boolean;
  passwordSet: boolean;
  alreadyAdmin: boolean;
}

/** The work itself, against any Supabase-compatible URL. */
export async function makeAdmin(target: Target, args: Args): Promise<Outcome> {
  // Checked first: auth-js would print a raw stack trace for a refused connection.
  await assertReachable(target.url, `Check the URL, or that the server is running.`);
  const supabase = serviceClient(target);
  let user = await findUserByEmail(supabase, args.email);
  const created = !user;
  let passwordSet: boolean;
  if (!user) {
    if (!args.password) throw new CliError(`No user ${args.email} exists; give --password to create one.`, 2);
    const { data, error } = await supabase.auth.admin.createUser({ email: args.email, password: args.password, email_confirm: true });
    if (error) throw describe(error, 'creating the user');
    user = data.user;
    passwordSet = true;
  } else {
    const update: { email_confirm: true; password?: string } = { email_confirm: true };
    if (args.password && !args.keepPassword) update.password = args.password;
    const { error } = await supabase.auth.admin.updateUserById(user.id, update);
    if (error) throw describe(error, 'updating the user');
    passwordSet = update.password !== undefined;
  }

  const existing = await supabase.from('user_roles').select('user_id').eq('user_id', user.id).eq('role', 'admin');
  if (existing.error) throw restError(existing.error, 'reading public.user_roles');
  const alreadyAdmin = (existing.data ?? []).length > 0;
  if (!alreadyAdmin) {
    const inserted = await supabase.from('user_roles').insert({ user_id: user.id, role: 'admin' });
    // 23505: granted meanwhile by someone else; the outcome is the same.
    if (inserted.error && inserted.error.code !== '23505') throw restError(inserted.error, 'granting the admin role');
  }
  return { userId: user.id, created, passwordSet, alreadyAdmin };
}

function restError(error: { message: string; code?: string }, doing: string): CliError {
  const hint = error.code === '42P01' || error.code === 'PGRST205' ? ' Are the migrations applied (public.user_roles)?' : '';
  return new CliError(`Failed while ${doing}: ${error.message}${error.code ? ` (${error.code})` : ''}.${hint}`);
}

/** Picks where to do the work (see the header comment). */
export async function resolveTarget(env: NodeJS.ProcessEnv): Promise<Target> {
  if (env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY) {
    return { url: env.SUPABASE_URL, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY, description: env.SUPABASE_URL, close: async () => {} };
  }
  if (env.SUPABASE_URL || env.SUPABASE_SERVICE_ROLE_KEY) {
    throw new CliError('Set both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (a hosted project), or neither (the local backend).', 2);
  }
  const { PROJECT_ROOT, resolveJwtSecret } = await import('../config.ts');
  const dataDir = path.resolve(PROJECT_ROOT, env.DATA_DIR || '.data');
  const databaseUrl = env.DATABASE_URL || undefined;

  if (!databaseUrl) {
    const { readDataDirLock } = await import('../db/lock.ts');
    const { embeddedDbDir } = await import('../db/open.ts');
    const lock = await readDataDirLock(embeddedDbDir(dataDir));
    if (lock.locked) {
      const { createApiKeys } = await import('../keys.ts');
      const { serviceRoleKey } = await createApiKeys(resolveJwtSecret(env.JWT_SECRET, dataDir));
      const { readServerUrl } = await import('../running-server.ts');
      const url = readServerUrl(dataDir) ?? `http://127.0.0.1:${env.PORT || '8080'}`;
      await assertReachable(
        url,
        `A server (pid ${lock.pid ?? 'unknown'}) holds the embedded database there. Set PORT to the port it listens on ` +
          '(or SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY), or stop it and run this again.',
      );
      return { url, serviceRoleKey, description: `the running server at ${url} (pid ${lock.pid ?? 'unknown'})`, close: async () => {} };
    }
  }

  const { startServer } = await import('../index.ts');
  const server = await startServer({
    port: 0,
    dataDir,
    databaseUrl,
    jwtSecret: env.JWT_SECRET || undefined,
    spaDir: undefined,
  });
  return {
    url: server.url,
    serviceRoleKey: server.serviceRoleKey,
    description: databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${dataDir}`,
    close: () => server.close(),
  };
}

/** Any HTTP answer will do (hosted projects answer 401 without an apikey). */
async function assertReachable(url: string, hint: string): Promise<void> {
  try {
    await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(10_000) });
  } catch (e) {
    const why = e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e);
    throw new CliError(`Nothing answers at ${url} (${why}). ${hint}`);
  }
}

/**
 * The frame of every command here: parse the arguments, find the target,
 * work on it, close it. A CliError ends with its message and exit code; any
 * other error with "<name> failed: …" and 1.
 */
export async function runCommand<A>(
  name: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  parse: (argv: string[]) => A,
  work: (target: Target, args: A) => Promise<void>,
): Promise<number> {
  try {
    const args = parse(argv);
    const target = await resolveTarget(env);
    try {
      await work(target, args);
      return 0;
    } finally {
      await target.close();
    }
  } catch (e) {
    return exitCodeFor(name, e);
  }
}

/** A CliError ends with its message and exit code; any other error with "<name> failed: …" and 1. */
export function exitCodeFor(name: string, e: unknown): number {
  if (e instanceof CliError) {
    (e.exitCode === 0 ? console.log : console.error)(e.message);
    return e.exitCode;
  }
  console.error(`${name} failed: ${e instanceof Error ? e.message : String(e)}`);
  return 1;
}

export function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return runCommand('create-admin', argv, env, parseArgs, async (target, args) => {
    const outcome = await makeAdmin(target, args);
    const what = outcome.created
      ? `Created ${args.email} (email confirmed)`
      : `Found ${args.email}; ${outcome.passwordSet ? 'password reset to the one given, other sessions ended' : 'password unchanged'}`;
    console.log(`${what}, on ${target.description}.`);
    console.log(outcome.alreadyAdmin ? 'They were already an admin.' : 'Granted the admin role.');
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  requireSupportedNode();
  process.exitCode = await main(process.argv.slice(2), process.env);
}
