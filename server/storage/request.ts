/** Reading what a Storage request carries: its JSON body and the owner its token names. */
import type { Context } from 'hono';
import type { Tx } from './objects.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner Storage records: the token's user (sub), when it names one. */
export function ownerOf(t: Tx): string | null {
  const sub = t.caller.claims.sub;
  return typeof sub === 'string' && UUID.test(sub) ? sub : null;
}

/** The body as a JSON object; anything else (none, unparsable, an array) counts as `{}`. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = await c.req.json();
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
