/**
 * create-admin: argument parsing, and the whole command against a running
 * backend (in memory, ephemeral port) through SUPABASE_URL +
 * SUPABASE_SERVICE_ROLE_KEY — the same path every mode ends up on.
 */
import { startServer, type RunningServer } from '../index.ts';
import { CliError, main, parseArgs } from './create-admin.ts';

describe('parseArgs', () => {
  it('reads --email/--password in both spellings and lower-cases the address', () => {
    expect(parseArgs(['--email', 'Ann@Example.com', '--password=secret123'])).toEqual({
      email: 'ann@example.com',
      password: 'secret123',
      keepPassword: false,
    });
    expect(parseArgs(['--email=a@b.co', '--keep-password'])).toEqual({ email: 'a@b.co', password: undefined, keepPassword: true });
  });

  it.each([
    [[], /--email is required/],
    [['--email', 'a@b.co'], /--password is required/],
    [['--email'], /--email needs a value/],
    [['--email', 'a@b.co', '--password', 'x', '--admin'], /Unknown argument --admin/],
  ])('%j → usage error (exit 2)', (argv, message) => {
    try {
      parseArgs(argv as string[]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CliError);
      expect((e as CliError).exitCode).toBe(2);
      expect((e as CliError).message).toMatch(message);
    }
  });
});

describe('create-admin against a running backend', () => {
  let server: RunningServer;
  let env: NodeJS.ProcessEnv;
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});

  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', inMemory: true, seedFile: false });
    env = { SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey };
  });
  afterAll(async () => {
    await server.close();
    log.mockRestore();
    error.mockRestore();
  });

  const roles = async (email: string) =>
    (
      await server.db.query<{ role: string }>(
        `select r.role::text as role from public.user_roles r join auth.users u on u.id = r.user_id where u.email = $1`,
        [email],
      )
    ).rows.map((r) => r.role);

  const signIn = (email: string, password: string) =>
    fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it('creates a confirmed admin who can sign in', async () => {
    expect(await main(['--email', 'Chief@Example.com', '--password', 'secret123'], env)).toBe(0);
    expect(await roles('chief@example.com')).toEqual(['admin']);
    expect((await signIn('chief@example.com', 'secret123')).status).toBe(200);
  });

  it('promotes an existing user, resetting the password unless --keep-password', async () => {
    const signup = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'writer@example.com', password: 'original1' }),
    });
    expect(signup.status).toBe(200);
    expect(await roles('writer@example.com')).toEqual([]);

    expect(await main(['--email', 'writer@example.com', '--keep-password'], env)).toBe(0);
    expect(await roles('writer@example.com')).toEqual(['admin']);
    expect((await signIn('writer@example.com', 'original1')).status).toBe(200);

    expect(await main(['--email', 'writer@example.com', '--password', 'replaced1'], env)).toBe(0);
    expect(await roles('writer@example.com')).toEqual(['admin']); // still one row
    expect((await signIn('writer@example.com', 'replaced1')).status).toBe(200);
    expect((await signIn('writer@example.com', 'original1')).status).toBe(400);
  });

  it('fails clearly: weak password (2), wrong key (1), half the hosted settings (2)', async () => {
    expect(await main(['--email', 'weak@example.com', '--password', '123'], env)).toBe(2);
    expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/too weak: Password should be at least 6 characters/));

    expect(await main(['--email', 'x@example.com', '--password', 'secret123'], { ...env, SUPABASE_SERVICE_ROLE_KEY: server.anonKey })).toBe(1);
    expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/refused the service_role key/));

    expect(await main(['--email', 'x@example.com', '--password', 'secret123'], { SUPABASE_URL: server.url })).toBe(2);
    expect(await roles('x@example.com')).toEqual([]);
  });
});
