/**
 * Access tokens (protocol §2.3): HS256 JWTs signed with the project's JWT
 * secret, carrying the claims GoTrue puts in them. PostgREST, storage and
 * realtime verify the same tokens with the same secret.
 */
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { AuthError } from './errors.ts';

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
}

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(
  claims: Omit<AccessTokenClaims, 'iat' | 'exp'>,
  secret: string,
  issuedAt: number,
  expiresIn: number,
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + expiresIn)
    .sign(secretKey(secret));
}

/**
 * Verifies signature and expiry. Any failure is GoTrue's 403 bad_jwt
 * (protocol §2.4), with its message shape "invalid JWT: unable to parse or
 * verify signature, …".
 */
export async function verifyJwt(token: string, secret: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), { algorithms: ['HS256'] });
    return payload;
  } catch (e) {
    const why = e instanceof joseErrors.JWTExpired ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
}
