/**
 * auth.sessions and auth.refresh_tokens: issuing a session, refresh-token
 * rotation with reuse detection (protocol §2.5), and logout scopes (§2.1).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Queryable } from '../db/database.ts';
import { AuthError } from './errors.ts';
import { signAccessToken } from './jwt.ts';
import { loadUserJson, type UserRow } from './users.ts';

export interface TokenSettings {
  jwtSecret: string;
  jwtExpiry: number;
  issuer: string;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string;
  updated_at: Date;
  session_created_at: Date;
  session_ended: boolean;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** GoTrue v1 refresh tokens: 12 random lowercase alphanumerics (protocol §2.3). */
export function newRefreshToken(length = 12): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b < 252) out += ALPHABET[b % 36];
    if (out.length === length) return out;
  }
  return out + newRefreshToken(length - out.length);
}

async function insertRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/**
 * How a session's holder proved who they are (GoTrue's amr methods). `totp`
 * raises the session to aal2; the others are first factors.
 */
export type AuthMethod = 'password' | 'otp' | 'recovery' | 'totp';

/** Records (or refreshes the time of) one way the session's holder proved who they are. */
export async function addAmrClaim(tx: Queryable, sessionId: string, method: AuthMethod): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

/** Starts a session for a user who just proved who they are; returns its first refresh token. */
export async function startSession(
  tx: Queryable,
  userId: string,
  client: { userAgent?: string; ip?: string },
  method: AuthMethod,
): Promise<{ sessionId: string; refreshToken: string; createdAt: Date }> {
  const sessionId = randomUUID();
  const r = await tx.query<{ created_at: Date }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4) returning created_at`,
    [sessionId, userId, client.userAgent ?? null, client.ip && isIP(client.ip) ? client.ip : null],
  );
  await addAmrClaim(tx, sessionId, method);
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null);
  return { sessionId, refreshToken, createdAt: r.rows[0]!.created_at };
}

/**
 * A new refresh token for a session whose level just changed: the old ones
 * are revoked, so a token minted before the second factor cannot be
 * refreshed into an aal2 session's name by someone who copied it.
 */
export async function reissueRefreshToken(tx: Queryable, userId: string, sessionId: string): Promise<{ refreshToken: string; createdAt: Date }> {
  const r = await tx.query<{ created_at: Date }>(`select created_at from auth.sessions where id = $1`, [sessionId]);
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`, [sessionId]);
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null);
  return { refreshToken, createdAt: r.rows[0]!.created_at };
}

export interface Assurance {
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
}

/**
 * The session's aal and amr claims, from its rows in auth.mfa_amr_claims
 * (GoTrue's CalculateAALAndAMR): newest first; aal2 once a second factor
 * was verified in this session. So a refreshed token keeps what the
 * session proved, and nothing more.
 */
export async function sessionAssurance(db: Queryable, sessionId: string, createdAt: Date): Promise<Assurance> {
  const r = await db.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  const seconds = (d: Date) => Math.floor(new Date(d).getTime() / 1000);
  // Sessions started before claims were recorded proved a password.
  if (r.rows.length === 0) return { aal: 'aal1', amr: [{ method: 'password', timestamp: seconds(createdAt) }] };
  return {
    aal: r.rows.some((c) => c.authentication_method === 'totp') ? 'aal2' : 'aal1',
    amr: r.rows.map((c) => ({ method: c.authentication_method, timestamp: seconds(c.updated_at) })),
  };
}

/** The session JSON of protocol §2.2, with a freshly signed access token. */
export async function sessionJson(
  db: Queryable,
  user: UserRow,
  session: { sessionId: string; refreshToken: string; createdAt: Date },
  settings: TokenSettings,
): Promise<Record<string, unknown>> {
  const iat = Math.floor(Date.now() / 1000);
  const { aal, amr } = await sessionAssurance(db, session.sessionId, session.createdAt);
  const accessToken = await signAccessToken(
    {
      iss: settings.issuer,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal,
      amr,
      session_id: session.sessionId,
      is_anonymous: user.is_anonymous,
    },
    settings.jwtSecret,
    iat,
    settings.jwtExpiry,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: settings.jwtExpiry,
    expires_at: iat + settings.jwtExpiry,
    refresh_token: session.refreshToken,
    user: await loadUserJson(db, user),
  };
}

export interface RotationSettings {
  rotation: boolean;
  /** Seconds a revoked token may still be exchanged (protocol §2.5). */
  reuseInterval: number;
}

const alreadyUsed = () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');

const refreshNotFound = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * Exchanges a refresh token for the next one in the same session (GoTrue's
 * RefreshTokenGrant, protocol §2.5). Runs inside the caller's transaction;
 * the row lock keeps two concurrent exchanges of one token from both
 * succeeding on PostgreSQL (PGlite serializes transactions anyway).
 */
export async function rotateRefreshToken(
  tx: Queryable,
  presented: string,
  settings: RotationSettings,
): Promise<{ userId: string; sessionId: string; refreshToken: string; createdAt: Date } | AuthError> {
  const r = await tx.query<RefreshTokenRow>(
    `select rt.id, rt.token, rt.user_id, rt.revoked, rt.parent, rt.session_id, rt.updated_at, s.created_at as session_created_at,
            coalesce(s.not_after <= now(), false) as session_ended
       from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
      where rt.token = $1 for update of rt`,
    [presented],
  );
  const token = r.rows[0];
  if (!token) return refreshNotFound();
  const session = { userId: token.user_id, sessionId: token.session_id, createdAt: token.session_created_at };

  // A family ended by a detected reuse stays dead, every token of it.
  if (token.session_ended) return alreadyUsed();

  if (token.revoked) {
    const usedAt = new Date(token.updated_at).getTime();
    if (Date.now() > usedAt + settings.reuseInterval * 1000) {
      // Reuse outside the window looks like a stolen token: end the family.
      // Stricter than GoTrue (decision 045): the live token dies too, and no
      // token's time of use moves, so no new window opens for any of them.
      if (settings.rotation) {
        await tx.query(`update auth.refresh_tokens set revoked = true where session_id = $1 and revoked = false`, [token.session_id]);
        await tx.query(`update auth.sessions set not_after = now() where id = $1`, [token.session_id]);
      }
      return alreadyUsed();
    }
    // Within the window the client may have lost the answer to its last
    // refresh: if this token's child is the session's live token, hand that
    // one out again (only then: later, the live token is the holder's alone).
    const active = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false
        order by id desc limit 1`,
      [token.session_id],
    );
    const live = active.rows[0];
    if (live && live.parent === token.token) return { ...session, refreshToken: live.token };
  }

  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [token.id]);
  await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [token.session_id]);
  const refreshToken = await insertRefreshToken(tx, token.user_id, token.session_id, token.token);
  return { ...session, refreshToken };
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Deleting sessions cascades to their refresh tokens (bootstrap.sql), as in GoTrue. */
export async function logout(tx: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
  if (scope === 'global' || !sessionId) {
    await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
  } else if (scope === 'local') {
    await tx.query(`delete from auth.sessions where id = $1`, [sessionId]);
  } else {
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  }
}

/** A session that exists and was not ended (by a detected refresh-token reuse), with its level. */
export async function findLiveSession(db: Queryable, sessionId: string): Promise<{ aal: 'aal1' | 'aal2' } | undefined> {
  const r = await db.query<{ aal: string | null }>(
    `select aal from auth.sessions where id = $1 and (not_after is null or not_after > now())`,
    [sessionId],
  );
  const row = r.rows[0];
  return row ? { aal: row.aal === 'aal2' ? 'aal2' : 'aal1' } : undefined;
}
