/**
 * The API keys and JWT verification, as self-hosted Supabase does them: the
 * anon and service_role keys are HS256 JWTs signed with JWT_SECRET, and every
 * bearer token (key or user session) is checked against the same secret.
 */
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export interface ApiKeys {
  anonKey: string;
  serviceRoleKey: string;
}

// Fixed iat/exp so the keys are the same on every start and in `npm run keys`
// for a given secret (the Supabase CLI does the same for its local keys).
const KEY_IAT = 1767225600; // 2026-01-01T00:00:00Z
const KEY_EXP = 2082758400; // 2036-01-01T00:00:00Z

function secretBytes(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

async function signKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  return new SignJWT({ iss: 'supabase', ref: 'local', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(KEY_IAT)
    .setExpirationTime(KEY_EXP)
    .sign(secretBytes(secret));
}

export async function createApiKeys(secret: string): Promise<ApiKeys> {
  return { anonKey: await signKey('anon', secret), serviceRoleKey: await signKey('service_role', secret) };
}

/** Why a token was refused: `expired` covers time-based checks (PostgREST PGRST303), `invalid` the rest (PGRST301). */
export class JwtError extends Error {
  constructor(
    readonly kind: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

/** Verifies an HS256 token and returns its claims; throws JwtError with PostgREST-like messages. */
export async function verifyJwt(token: string, secret: string): Promise<JWTPayload> {
  const parts = token.split('.').length;
  if (parts !== 3) throw new JwtError('invalid', `Expected 3 parts in JWT; got ${parts}`);
  try {
    // PostgREST allows 30 s of clock skew.
    const { payload } = await jwtVerify(token, secretBytes(secret), { algorithms: ['HS256'], clockTolerance: 30 });
    return payload;
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    if (e instanceof errors.JWTClaimValidationFailed && e.claim === 'nbf') {
      throw new JwtError('expired', 'JWT not yet valid');
    }
    if (e instanceof errors.JWSSignatureVerificationFailed) {
      throw new JwtError('invalid', 'JWT cryptographic operation failed');
    }
    if (e instanceof errors.JOSEAlgNotAllowed) throw new JwtError('invalid', 'No suitable key or wrong key type');
    throw new JwtError('invalid', e instanceof Error ? e.message : 'Invalid JWT');
  }
}
