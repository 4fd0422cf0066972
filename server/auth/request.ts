/**
 * Reading what a GoTrue request carries: the JSON body, the bearer token and
 * the caller's address.
 */
import type { Context } from 'hono';
import { deeperThan, MAX_JSON_DEPTH } from '../json-depth.ts';
import { AuthError, noAuthorization } from './errors.ts';

export { clientAddress } from '../client-address.ts';

export type Json = Record<string, unknown>;

/**
 * The body as a JSON object. An empty body counts as `{}` (logout sends
 * Content-Length 0); anything unparsable is GoTrue's 400 bad_json.
 */
export async function readJson(c: Context): Promise<Json> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  if (deeperThan(value)) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return value as Json;
}

/** A string field, '' when absent; a wrong type is a 400 like Go's JSON decoder gives. */
export function str(body: Json, key: string): string {
  const v = body[key];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: field "${key}" must be a string`);
  }
  return v;
}

/** An object field, undefined when absent or null. */
export function obj(body: Json, key: string): Json | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: field "${key}" must be an object`);
  }
  return v as Json;
}

/** `Authorization: Bearer <token>`; none → 401 no_authorization (protocol §2.4). */
export function bearer(c: Context): string {
  const header = c.req.header('authorization') ?? '';
  const m = /^bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw noAuthorization();
  return m[1]!;
}

/** The `iss` claim: the /auth/v1 URL under API_EXTERNAL_URL (or the listening address), as GoTrue gives it. */
export function issuer(apiExternalUrl: string): string {
  return `${apiExternalUrl}/auth/v1`;
}
