/**
 * auth.users and auth.identities: the SQL that reads and writes them and the
 * user JSON of protocol §2.2. Every statement is parameterized; callers pass
 * a transaction (Queryable) when a write spans several statements.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  confirmation_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  phone, phone_confirmed_at, confirmed_at, banned_until, deleted_at, is_anonymous`;

/** GoTrue stores and compares emails in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const r = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1 limit 1`, [
    normalizeEmail(email),
  ]);
  return r.rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const r = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return r.rows[0];
}

/** For UPDATE … RETURNING: re-read the row after a change. */
export async function reloadUser(db: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new Error(`auth.users row ${id} vanished inside its own transaction`);
  return user;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  confirmed: boolean;
  id?: string;
}

/**
 * Inserts the user and its email identity (GoTrue's signup and admin create:
 * app_metadata {provider:"email", providers:["email"]}, identity id = user id).
 */
export async function insertUser(tx: Queryable, u: NewUser): Promise<UserRow> {
  const id = u.id ?? randomUUID();
  const email = normalizeEmail(u.email);
  const appMetadata = { ...(u.appMetadata ?? {}), provider: 'email', providers: ['email'] };
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
       case when $5::boolean then now() end, $6::jsonb, $7::jsonb, false, now(), now(), false)`,
    [id, u.role ?? 'authenticated', email, u.passwordHash, u.confirmed, JSON.stringify(appMetadata), JSON.stringify(u.userMetadata)],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, 'email', now(), now(), now())`,
    [id, id, JSON.stringify({ sub: id, email, email_verified: false, phone_verified: false })],
  );
  return reloadUser(tx, id);
}

export async function identitiesOf(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const r = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return r.rows;
}

/** Merges into raw_user_meta_data; a key set to null is removed (protocol §2.1, PUT /user). */
export async function mergeUserMetadata(tx: Queryable, userId: string, data: Record<string, unknown>): Promise<void> {
  const { set, remove } = splitNulls(data);
  await tx.query(
    `update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[],
       updated_at = now() where id = $1`,
    [userId, JSON.stringify(set), remove],
  );
}

/** Top-level keys whose value is null are deleted; nested nulls are kept, as GoTrue does. */
function splitNulls(data: Record<string, unknown>): { set: Record<string, unknown>; remove: string[] } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (v === null) remove.push(k);
    else set[k] = v;
  }
  return { set, remove };
}

/** Same merge for app_metadata (admin routes only). */
export async function mergeAppMetadata(tx: Queryable, userId: string, data: Record<string, unknown>): Promise<void> {
  const { set, remove } = splitNulls(data);
  await tx.query(
    `update auth.users set raw_app_meta_data = (coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[],
       updated_at = now() where id = $1`,
    [userId, JSON.stringify(set), remove],
  );
}

/** Changes the address on the user and its email identity (GoTrue's SetEmail + UpdateIdentityData). */
export async function setEmail(tx: Queryable, userId: string, email: string): Promise<void> {
  await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [userId, email]);
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
}

export async function setPassword(tx: Queryable, userId: string, hash: string): Promise<void> {
  await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [userId, hash]);
}

/** GoTrue's user.Confirm: sets email_confirmed_at, clears the token, marks user_metadata.email_verified. */
export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now() where id = $1`,
    [userId],
  );
}

export async function touchLastSignIn(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [userId]);
}

export function isBanned(user: UserRow, now = new Date()): boolean {
  return user.banned_until !== null && user.banned_until > now;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);

export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
}

export async function factorsOf(db: Queryable, userId: string): Promise<FactorRow[]> {
  const r = await db.query<FactorRow>(
    `select id, friendly_name, factor_type::text as factor_type, status::text as status, created_at, updated_at, last_challenged_at
       from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return r.rows;
}

/** A factor as GoTrue shows it: never its secret. */
export function factorJson(f: FactorRow): Record<string, unknown> {
  return {
    id: f.id,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    last_challenged_at: iso(f.last_challenged_at) ?? null,
  };
}

/** The user object of protocol §2.2 (GoTrue omits unset timestamps, and `factors` when there are none). */
export function userJson(user: UserRow, identities: IdentityRow[], factors: FactorRow[] = []): Record<string, unknown> {
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
  };
}

export async function loadUserJson(db: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  const [identities, factors] = [await identitiesOf(db, user.id), await factorsOf(db, user.id)];
  return userJson(user, identities, factors);
}
