/**
 * Whether the sign-in behind a subscriber's token still stands. An access
 * token names its session (GoTrue's `session_id` claim, a row of
 * auth.sessions); signing out (any scope), a password reset that ends the
 * other sessions, or a refresh token's reuse ends the session while its
 * tokens stay valid until they expire. Realtime asks here, so an open channel
 * ends with the session, not up to an hour later.
 */
import type { JWTPayload } from 'jose';
import type { Database } from '../db/database.ts';

/** What a channel is told when it ends for this reason (GoTrue's words for such a token). */
export const SESSION_ENDED = 'InvalidJWTToken: Session from session_id claim in JWT does not exist';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session a token speaks for; none for tokens without one (the API keys). */
export function sessionOf(claims: JWTPayload): string | undefined {
  return typeof claims.session_id === 'string' ? claims.session_id : undefined;
}

/**
 * Of these tokens' claims, which speak for a live session: one primary-key
 * lookup for all of them. Live means as GoTrue and public.has_live_session()
 * have it: the row exists, belongs to the token's user, and has not ended
 * (not_after). Claims without a session pass (nothing to end); a session id
 * that is no UUID names no session.
 */
export async function sessionsLive(db: Database, claims: JWTPayload[]): Promise<(claims: JWTPayload) => boolean> {
  const ids = [...new Set(claims.map(sessionOf).filter((id): id is string => id !== undefined && UUID.test(id)))].map((id) => id.toLowerCase());
  const owner = new Map<string, string>();
  if (ids.length > 0) {
    const r = await db.query<{ id: string; user_id: string }>(
      `select id::text as id, user_id::text as user_id from auth.sessions
        where id = any (array(select jsonb_array_elements_text($1::jsonb)::uuid))
          and (not_after is null or not_after > now())`,
      [JSON.stringify(ids)],
    );
    for (const row of r.rows) owner.set(row.id, row.user_id);
  }
  return (c) => {
    const id = sessionOf(c);
    return id === undefined || (UUID.test(id) && owner.get(id.toLowerCase()) === c.sub);
  };
}
