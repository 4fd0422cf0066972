/**
 * auth.mfa_factors and auth.mfa_challenges: the SQL of two-factor sign-in
 * (GoTrue's models/factor.go and challenge.go), for routes/factors.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { AuthError } from './errors.ts';
import type { FactorRow } from './users.ts';

/** GoTrue's defaults: a factor left unverified, and a challenge, live five minutes; ten factors at most. */
export const FACTOR_EXPIRY_SECONDS = 300;
export const CHALLENGE_EXPIRY_SECONDS = 300;
export const MAX_FACTORS = 10;

export interface StoredFactor extends FactorRow {
  user_id: string;
  secret: string;
}

export const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');

/** The caller's own factor, or GoTrue's 404 (someone else's factor is "not found" too). */
export async function loadFactor(db: Queryable, userId: string, factorId: string): Promise<StoredFactor> {
  const r = await db.query<StoredFactor>(
    `select id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, secret,
            created_at, updated_at, last_challenged_at
       from auth.mfa_factors where id = $1`,
    [factorId],
  );
  const factor = r.rows[0];
  if (!factor || factor.user_id !== userId) throw factorNotFound();
  return factor;
}

export async function deleteExpiredFactors(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_factors
      where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
    [userId, FACTOR_EXPIRY_SECONDS],
  );
}

export async function insertTotpFactor(tx: Queryable, userId: string, friendlyName: string, secret: string): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
    [id, userId, friendlyName, secret],
  );
  return id;
}

export async function createChallenge(tx: Queryable, factorId: string, ip: string): Promise<{ id: string; expiresAt: number }> {
  const id = randomUUID();
  const r = await tx.query<{ created_at: Date }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3) returning created_at`,
    [id, factorId, ip],
  );
  await tx.query(`update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1`, [factorId]);
  return { id, expiresAt: Math.floor(new Date(r.rows[0]!.created_at).getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS };
}

export interface ChallengeRow {
  id: string;
  verified: boolean;
  ip_address: string;
  expired: boolean;
}

export async function findChallenge(tx: Queryable, factorId: string, challengeId: string): Promise<ChallengeRow | undefined> {
  const r = await tx.query<ChallengeRow>(
    `select id, verified_at is not null as verified, host(ip_address) as ip_address,
            created_at < now() - make_interval(secs => $3) as expired
       from auth.mfa_challenges where id = $2 and factor_id = $1 for update`,
    [factorId, challengeId, CHALLENGE_EXPIRY_SECONDS],
  );
  return r.rows[0];
}

/** The newest time step a code of this factor was accepted for (replays are refused at or before it). */
export async function lastAcceptedStep(tx: Queryable, factorId: string): Promise<number> {
  const r = await tx.query<{ step: string | null }>(
    `select max(otp_code::bigint)::text as step from auth.mfa_challenges
      where factor_id = $1 and verified_at is not null and otp_code ~ '^[0-9]+$'`,
    [factorId],
  );
  return Number(r.rows[0]?.step ?? -1);
}

export async function markVerified(tx: Queryable, factor: StoredFactor, challengeId: string, step: number): Promise<void> {
  await tx.query(`update auth.mfa_challenges set verified_at = now(), otp_code = $2 where id = $1`, [challengeId, String(step)]);
  if (factor.status !== 'verified') {
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
  }
}

/**
 * After a second factor is proved: the session becomes aal2, every other
 * aal1 session of the user ends (a stolen password's session among them),
 * and enrolments left half done are dropped (GoTrue's verifyTOTPFactor).
 */
export async function raiseSession(tx: Queryable, userId: string, sessionId: string, factorId: string): Promise<void> {
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factorId]);
  await tx.query(`delete from auth.sessions where user_id = $1 and coalesce(aal, 'aal1') < 'aal2'`, [userId]);
  await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and id <> $2`, [userId, factorId]);
}

/** Removing a factor lowers the sessions it raised back to aal1 (GoTrue's DowngradeSessionsToAAL1). */
export async function removeFactor(tx: Queryable, factorId: string): Promise<void> {
  const sessions = await tx.query<{ id: string }>(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1 returning id`,
    [factorId],
  );
  const ids = sessions.rows.map((s) => s.id);
  if (ids.length > 0) {
    await tx.query(`delete from auth.mfa_amr_claims where session_id = any($1::uuid[]) and authentication_method = 'totp'`, [ids]);
  }
  await tx.query(`delete from auth.mfa_factors where id = $1`, [factorId]);
}
