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
  /** The claims as JSON, as `request.jwt.claims` takes them: made once per token. */
  claimsJson: string;
}

/**
 * Callers of verified tokens, so the anon key (on every public request) and
 * a session's token are checked cryptographically once, not per request (an
 * HMAC check through WebCrypto costs milliseconds on a busy machine), and
 * their claims made into JSON once. Time-based claims are re-checked on
 * every hit; bad tokens are never cached.
 */
const verified = new Map<string, Caller>();
const MAX_CACHED = 1000;

function callerOf(claims: JWTPayload): Caller {
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  // PostgREST forces the role claim to the effective role.
  const forced = { ...claims, role };
  return { role, claims: forced, claimsJson: JSON.stringify(forced) };
}

/** The cached caller of `token`, while its `exp` (with the verifier's 30 s leeway) has not passed. */
function cachedCaller(key: string): Caller | undefined {
  const hit = verified.get(key);
  if (hit && (hit.claims.exp === undefined || hit.claims.exp + 30 > Date.now() / 1000)) return hit;
  verified.delete(key);
  return undefined;
}

async function verifyCaller(key: string, token: string, secret: string): Promise<Caller> {
  let claims: JWTPayload;
  try {
    claims = await verifyJwt(token, secret);
  } catch (e) {
    if (e instanceof JwtError) throw invalidToken(e);
    throw e;
  }
  const caller = callerOf(claims);
  if (verified.size >= MAX_CACHED) verified.clear();
  verified.set(key, caller);
  return caller;
}

function invalidToken(e: JwtError): RestError {
  return new RestError(401, e.kind === 'expired' ? 'PGRST303' : 'PGRST301', e.message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${e.message.replaceAll('"', "'")}"`,
  });
}

/** The caller of `token` when it was verified already and is still valid; undefined otherwise (nothing is verified here). */
export function knownCaller(token: string, jwtSecret: string): Caller | undefined {
  return cachedCaller(`${jwtSecret}\n${token}`);
}

export function authenticate(
  headers: { get(name: string): string | undefined },
  jwtSecret: string,
): Caller | Promise<Caller> {
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
  const key = `${jwtSecret}\n${token}`;
  // A known token answers without another turn of the event loop.
  return cachedCaller(key) ?? verifyCaller(key, token, jwtSecret);
}
