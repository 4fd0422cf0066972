/**
 * Who is asking: the role and claims PostgREST would take from the JWT
 * (protocol §1.7). The bearer token wins; without one the apikey (itself a
 * JWT) is the token. A request with neither gets the gateway's 401.
 */
import type { JWTPayload } from 'jose';
import { JwtError, verifyJwt } from '../keys.ts';
import { RestError } from './rest-error.ts';

export interface Caller {
  role: string;
  claims: JWTPayload;
}

/**
 * Verified tokens, so the anon key (on every public request) and a session's
 * token are checked cryptographically once, not per request (an HMAC check
 * through WebCrypto costs milliseconds on a busy machine). Time-based claims
 * are re-checked on every hit; bad tokens are never cached.
 */
const verified = new Map<string, JWTPayload>();
const MAX_CACHED = 1000;

async function verifyCached(token: string, secret: string): Promise<JWTPayload> {
  const key = `${secret}\n${token}`;
  const hit = verified.get(key);
  const now = Date.now() / 1000;
  if (hit && (hit.exp === undefined || hit.exp + 30 > now)) return hit;
  verified.delete(key);
  const claims = await verifyJwt(token, secret);
  if (verified.size >= MAX_CACHED) verified.clear();
  verified.set(key, claims);
  return claims;
}

function invalidToken(e: JwtError): RestError {
  return new RestError(401, e.kind === 'expired' ? 'PGRST303' : 'PGRST301', e.message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${e.message.replaceAll('"', "'")}"`,
  });
}

export async function authenticate(
  headers: { get(name: string): string | undefined },
  jwtSecret: string,
): Promise<Caller> {
  const authorization = headers.get('authorization');
  const apikey = headers.get('apikey');
  let token: string | undefined;
  if (authorization !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!m) {
      throw new RestError(401, 'PGRST301', 'Expected "Bearer <token>" in the Authorization header', null, null, {
        'WWW-Authenticate': 'Bearer error="invalid_request"',
      });
    }
    token = m[1];
  } else token = apikey;
  if (!token) {
    // The hosted gateway answers this before PostgREST sees the request.
    throw new RestError(401, '', 'No API key found in request', null, 'No `apikey` request header or url param was found.');
  }
  let claims: JWTPayload;
  try {
    claims = await verifyCached(token, jwtSecret);
  } catch (e) {
    if (e instanceof JwtError) throw invalidToken(e);
    throw e;
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  // PostgREST forces the role claim to the effective role.
  return { role, claims: { ...claims, role } };
}
