/**
 * /admin/users for a service_role bearer (protocol §2.1): list with
 * page/per_page + X-Total-Count + Link, create, get, update, delete.
 * Ids that are not UUIDs: GoTrue's loadUser answers 404 validation_failed
 * "user_id must be an UUID"; unknown ids 404 user_not_found.
 */
import type { Context, Hono } from 'hono';
import type { Queryable } from '../../db/database.ts';
import { isPgError } from '../../db/database.ts';
import type { AuthContext } from '../context.ts';
import { validateEmail } from '../email.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { isUuid, requireAdmin } from '../guards.ts';
import { assertStrongPassword, hashPassword } from '../password.ts';
import { obj, readJson, str, type Json } from '../request.ts';
import { logout } from '../sessions.ts';
import {
  confirmEmail, findUserByEmail, findUserById, insertUser, loadUserJson, mergeAppMetadata, mergeUserMetadata,
  reloadUser, setEmail, setPassword, userJson, identitiesOf, type UserRow,
} from '../users.ts';

const emailExists = () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

export function adminRoutes(app: Hono, ctx: AuthContext): void {
  const { deps } = ctx;
  app.use('/admin/*', async (c, next) => {
    await requireAdmin(ctx, c);
    await next();
  });

  app.get('/admin/users', async (c) => {
    const page = positiveInt(c.req.query('page'), 1);
    const perPage = positiveInt(c.req.query('per_page'), 50);
    const filter = c.req.query('filter') ?? '';
    const pattern = `%${filter.replace(/[\\%_]/g, '\\$&')}%`;
    const total = await deps.db.query<{ n: number | string }>(
      `select count(*)::int as n from auth.users where aud = 'authenticated' and coalesce(email, '') ilike $1`,
      [pattern],
    );
    const count = Number(total.rows[0]?.n ?? 0);
    const rows = await deps.db.query<{ id: string }>(
      `select id from auth.users where aud = 'authenticated' and coalesce(email, '') ilike $1
        order by created_at desc, id limit $2 offset $3`,
      [pattern, perPage, (page - 1) * perPage],
    );
    const users = [];
    for (const { id } of rows.rows) {
      const u = await findUserById(deps.db, id);
      if (u) users.push(userJson(u, await identitiesOf(deps.db, id)));
    }
    setPaginationHeaders(c, page, perPage, count);
    return c.json({ users, aud: 'authenticated' });
  });

  app.post('/admin/users', async (c) => {
    const body = await readJson(c);
    const rawEmail = str(body, 'email');
    if (!rawEmail && !str(body, 'phone')) throw validationFailed('Cannot create a user without either an email or phone');
    if (!rawEmail) throw new AuthError(422, 'phone_provider_disabled', 'Phone users are not supported');
    const email = validateEmail(rawEmail);
    if (await findUserByEmail(deps.db, email)) throw emailExists();
    const password = str(body, 'password');
    // No password: the user exists but cannot sign in with one (GoTrue sets a random one).
    if (password) assertStrongPassword(password, deps.auth.minimumPasswordLength);
    const passwordHash = password ? await hashPassword(password) : '';
    const id = str(body, 'id') || undefined;
    if (id !== undefined && !isUuid(id)) throw validationFailed('ID must conform to the uuid v4 format');
    const banUntil = parseBan(str(body, 'ban_duration'));

    try {
      const user = await deps.db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          id,
          email,
          passwordHash,
          userMetadata: obj(body, 'user_metadata') ?? {},
          appMetadata: obj(body, 'app_metadata'),
          role: str(body, 'role') || 'authenticated',
          confirmed: false,
        });
        if (body.email_confirm === true) await confirmEmail(tx, created.id);
        if (banUntil !== undefined) await setBan(tx, created.id, banUntil);
        return reloadUser(tx, created.id);
      });
      return c.json(await loadUserJson(deps.db, user));
    } catch (e) {
      if (isPgError(e) && e.code === '23505') throw emailExists();
      throw e;
    }
  });

  app.get('/admin/users/:id', async (c) => {
    const user = await loadTarget(deps.db, c.req.param('id'));
    return c.json(await loadUserJson(deps.db, user));
  });

  app.put('/admin/users/:id', async (c) => {
    const target = await loadTarget(deps.db, c.req.param('id'));
    const body = await readJson(c);
    const rawEmail = str(body, 'email');
    const email = rawEmail ? validateEmail(rawEmail) : undefined;
    if (email && email !== target.email && (await findUserByEmail(deps.db, email))) throw emailExists();
    const password = body.password === undefined || body.password === null ? undefined : str(body, 'password');
    if (password !== undefined) assertStrongPassword(password, deps.auth.minimumPasswordLength);
    const passwordHash = password !== undefined ? await hashPassword(password) : undefined;
    const banUntil = parseBan(str(body, 'ban_duration'));
    const role = str(body, 'role');
    const userMetadata = obj(body, 'user_metadata');
    const appMetadata = obj(body, 'app_metadata');

    const user = await deps.db.transaction(async (tx) => {
      if (role) await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [target.id, role]);
      if (body.email_confirm === true) await confirmEmail(tx, target.id);
      if (passwordHash !== undefined) {
        await setPassword(tx, target.id, passwordHash);
        // GoTrue's UpdatePassword without a session: every session ends.
        await logout(tx, target.id, undefined, 'global');
      }
      if (email && email !== target.email) await setEmail(tx, target.id, email);
      if (appMetadata) await mergeAppMetadata(tx, target.id, appMetadata);
      if (userMetadata) await mergeUserMetadata(tx, target.id, userMetadata);
      if (banUntil !== undefined) await setBan(tx, target.id, banUntil);
      return reloadUser(tx, target.id);
    });
    return c.json(await loadUserJson(deps.db, user));
  });

  app.delete('/admin/users/:id', async (c) => {
    const target = await loadTarget(deps.db, c.req.param('id'));
    const body: Json = await readJson(c);
    await deps.db.transaction(async (tx) => {
      if (body.should_soft_delete === true) {
        // Soft delete keeps the row, but like GoTrue's SoftDeleteUser frees the
        // address, removes the password and ends every session.
        await tx.query(
          `update auth.users set deleted_at = now(), updated_at = now(), email = null, phone = null,
             encrypted_password = '', raw_user_meta_data = '{}'::jsonb where id = $1`,
          [target.id],
        );
        await tx.query(`delete from auth.identities where user_id = $1`, [target.id]);
        await logout(tx, target.id, undefined, 'global');
      } else {
        await tx.query(`delete from auth.users where id = $1`, [target.id]);
      }
    });
    return c.json({});
  });
}

async function loadTarget(db: Queryable, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(db, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return user;
}

/** supabase-js sends page= and per_page= empty when not given; those mean the defaults. */
function positiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw validationFailed(`Bad Pagination Parameters: invalid number "${raw}"`);
  const n = Number(raw);
  return n > 0 ? n : fallback;
}

/**
 * GoTrue's Link header: `<path?page=N&per_page=M>; rel="next", <…>; rel="last"`.
 * `page` comes first in the query because auth-js reads the page number as
 * the first `=` value of each link.
 */
function setPaginationHeaders(c: Context, page: number, perPage: number, count: number): void {
  const path = new URL(c.req.url).pathname;
  const totalPages = Math.ceil(count / perPage);
  const link = (p: number) => `<${path}?page=${p}&per_page=${perPage}>`;
  const parts = [];
  if (totalPages > page) parts.push(`${link(page + 1)}; rel="next"`);
  parts.push(`${link(totalPages)}; rel="last"`);
  c.header('Link', parts.join(', '));
  c.header('X-Total-Count', String(count));
}

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** ban_duration as Go's time.ParseDuration ("24h", "1h30m") or "none" (unban). undefined = unchanged. */
function parseBan(raw: string): Date | null | undefined {
  if (!raw) return undefined;
  if (raw === 'none') return null;
  const parts = [...raw.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== raw) {
    throw validationFailed(`invalid format for ban duration: time: invalid duration "${raw}"`);
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_MS[p[2]!]!, 0);
  return new Date(Date.now() + ms);
}

async function setBan(tx: Queryable, userId: string, until: Date | null): Promise<void> {
  await tx.query(`update auth.users set banned_until = $2, updated_at = now() where id = $1`, [userId, until]);
}
