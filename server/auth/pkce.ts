/**
 * PKCE for links (RFC 7636, GoTrue's flow_state): the client that asked for
 * the mail keeps a code verifier; the link's redirect carries only a one-time
 * `?code=`, which POST /token?grant_type=pkce exchanges for a session when
 * the same client shows the verifier. A code read from a browser's history
 * or a server log is worthless without it.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { AuthError, validationFailed } from './errors.ts';
import type { AuthMethod } from './sessions.ts';

/** A code must be exchanged within five minutes of the redirect that carried it (GoTrue's flow state expiry). */
const CODE_LIFETIME_SECONDS = 300;

export interface Challenge {
  codeChallenge: string;
  method: 's256' | 'plain';
}

/** GoTrue's validatePKCEParams: both or neither. */
export function readChallenge(codeChallenge: string, method: string): Challenge | undefined {
  if (!codeChallenge && !method) return undefined;
  if (!codeChallenge || !method) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') throw validationFailed(`code challenge method ${method} not supported`);
  if (codeChallenge.length < 43 || codeChallenge.length > 128) {
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  }
  return { codeChallenge, method: m };
}

export async function saveFlowState(tx: Queryable, userId: string, challenge: Challenge, method: AuthMethod): Promise<void> {
  // One pending flow per user and purpose: the newest mail's.
  await tx.query(`delete from auth.flow_state where user_id = $1 and authentication_method = $2`, [userId, method]);
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6, now(), now())`,
    [randomUUID(), userId, randomUUID(), challenge.method, challenge.codeChallenge, method],
  );
}

/** Marks the code as handed out (its five minutes start) and returns it. */
export async function issueAuthCode(tx: Queryable, userId: string, method: AuthMethod): Promise<string | undefined> {
  const r = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where user_id = $1 and authentication_method = $2 returning auth_code`,
    [userId, method],
  );
  return r.rows[0]?.auth_code;
}

const sha256Base64Url = (s: string) => createHash('sha256').update(s).digest('base64url');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks and deletes the flow state (a code works once); returns whose it was and how they proved it. */
export async function redeemAuthCode(
  tx: Queryable,
  authCode: string,
  codeVerifier: string,
): Promise<{ userId: string; method: AuthMethod }> {
  if (!authCode || !codeVerifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const r = await tx.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: 's256' | 'plain';
    authentication_method: AuthMethod;
    expired: boolean;
  }>(
    `select id, user_id, code_challenge, code_challenge_method::text as code_challenge_method, authentication_method,
            coalesce(auth_code_issued_at, created_at) < now() - make_interval(secs => $2) as expired
       from auth.flow_state where auth_code = $1 for update`,
    [authCode, CODE_LIFETIME_SECONDS],
  );
  const flow = r.rows[0];
  if (!flow?.user_id) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.expired) throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  const expected = flow.code_challenge_method === 's256' ? sha256Base64Url(codeVerifier) : codeVerifier;
  if (!sameText(expected, flow.code_challenge)) {
    throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
