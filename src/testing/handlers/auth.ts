import { http, HttpResponse } from 'msw';
import { authUrl, restUrl } from '../api';

/**
 * GoTrue as supabase-js sees it (reference/supabase-protocol.md §2): sessions
 * with a three-part JWT, errors in the 2024-01-01 format with the version
 * header (without it the client drops `code`). Plus `rpc/is_admin`, the
 * role check the admin guard makes.
 */

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const TEST_USER_ID = '8d0c6f2a-4b1e-4c39-9a57-2f0e8b1d3c44';
export const TEST_EMAIL = 'ana@example.com';
export const AUTH_STORAGE_KEY = 'sb-localhost-auth-token';

export const TEST_FACTOR_ID = '5f4e3d2c-1b0a-4987-8654-3210fedcba98';

/** A verified authenticator-app factor, as GoTrue lists it in the user. */
export const verifiedTotp = {
  id: TEST_FACTOR_ID,
  friendly_name: 'Aplicativo autenticador',
  factor_type: 'totp',
  status: 'verified',
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
};

export interface SessionOptions {
  aal?: 'aal1' | 'aal2';
  factors?: unknown[];
}

export function makeUser(email = TEST_EMAIL, id = TEST_USER_ID, factors: unknown[] = []) {
  const at = '2026-01-01T10:00:00.000000Z';
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: at,
    phone: '',
    confirmed_at: at,
    last_sign_in_at: at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { email_verified: true },
    identities: [
      {
        identity_id: 'f1e2d3c4-b5a6-4978-8877-665544332211',
        id,
        user_id: id,
        identity_data: { sub: id, email, email_verified: false, phone_verified: false },
        provider: 'email',
        email,
        last_sign_in_at: at,
        created_at: at,
        updated_at: at,
      },
    ],
    factors,
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}

/** `expiresIn` (seconds) below 90 makes the client refresh at start; negative means already expired. */
export function makeSession(email = TEST_EMAIL, id = TEST_USER_ID, expiresIn = 3600, options: SessionOptions = {}) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + expiresIn;
  const claims = {
    iss: 'http://localhost:54321/auth/v1',
    sub: id,
    aud: 'authenticated',
    exp,
    iat,
    email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    role: 'authenticated',
    aal: options.aal ?? 'aal1',
    amr: [...(options.aal === 'aal2' ? [{ method: 'totp', timestamp: iat }] : []), { method: 'password', timestamp: iat }],
    session_id: '3b9a1c2d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    is_anonymous: false,
  };
  return {
    access_token: `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.c2lnbmF0dXJlLW5vdC1jaGVja2Vk`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: exp,
    refresh_token: 'k2jd7s0qxw1m',
    user: makeUser(email, id, options.factors),
  };
}

/** Start a test signed in: the client reads this key on start (storage key of http://localhost:54321). */
export function seedSession(email = TEST_EMAIL, expiresIn = 3600, options: SessionOptions = {}) {
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(makeSession(email, TEST_USER_ID, expiresIn, options)));
}

/** A GoTrue error in the 2024-01-01 format. */
export function authError(status: number, code: string, message: string) {
  return HttpResponse.json(
    { code, message },
    { status, headers: { 'X-Supabase-Api-Version': '2024-01-01', 'x-sb-error-code': code } },
  );
}

export const authHandlers = [
  http.post(authUrl('/token'), async ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get('grant_type') === 'password') {
      const body = (await request.json()) as { email?: string };
      return HttpResponse.json(makeSession(body.email));
    }
    return HttpResponse.json(makeSession());
  }),
  // Email confirmation on: the user object, no session (the client's session is null).
  http.post(authUrl('/signup'), async ({ request }) => {
    const body = (await request.json()) as { email: string };
    const { email_confirmed_at: _c, confirmed_at: _d, ...user } = makeUser(body.email, 'a1b2c3d4-e5f6-4a7b-8c9d-112233445566');
    return HttpResponse.json({ ...user, confirmation_sent_at: new Date().toISOString() });
  }),
  http.post(authUrl('/logout'), () => new HttpResponse(null, { status: 204 })),
  http.get(authUrl('/user'), () => HttpResponse.json(makeUser())),
  http.post(restUrl('rpc/is_admin'), () => HttpResponse.json(true)),
];
