/**
 * Who is calling: the user behind a JWT (GET/PUT /user, /logout) or an
 * admin key (/admin/*), with GoTrue's errors for each way it can fail
 * (protocol §2.3 "GoTrue's /user and /logout need a UUID sub, plus a
 * session_id that still exists", §2.1 admin roles).
 */
import type { Context } from 'hono';
import { AuthError } from './errors.ts';
import { verifyJwt } from './jwt.ts';
import { bearer } from './request.ts';
import { findLiveSession } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';
import type { AuthContext } from './context.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID.test(s);

export interface CurrentUser {
  user: UserRow;
  sessionId: string | undefined;
  /** The session's level as the database keeps it (not the token's word for it). */
  aal: 'aal1' | 'aal2';
}

export async function requireUser(ctx: AuthContext, c: Context): Promise<CurrentUser> {
  const claims = await verifyJwt(bearer(c), ctx.deps.jwtSecret);
  if (!claims.sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw new AuthError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.deps.db, claims.sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = claims.session_id;
  if (sessionId !== undefined && sessionId !== null && sessionId !== '') {
    const session = isUuid(sessionId) ? await findLiveSession(ctx.deps.db, sessionId) : undefined;
    if (!session) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    return { user, sessionId: sessionId as string, aal: session.aal };
  }
  return { user, sessionId: undefined, aal: 'aal1' };
}

/** GoTrue's admin_roles default. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

export async function requireAdmin(ctx: AuthContext, c: Context): Promise<void> {
  const token = bearer(c);
  // The configured key itself is always admin, even if it is an opaque
  // sb_secret_… style key rather than a JWT.
  if (token === ctx.deps.serviceRoleKey) return;
  const claims = await verifyJwt(token, ctx.deps.jwtSecret);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) {
    throw new AuthError(403, 'not_admin', 'User not allowed');
  }
}
