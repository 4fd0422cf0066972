/** The headers that shape a PostgREST request: Prefer, Accept, profiles and Range (protocol §1.3). */
import { remembered } from '../remembered.ts';
import { RestError } from './rest-error.ts';
import { EXPOSED_SCHEMA } from './schema-cache.ts';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  count: boolean;
  missingDefault: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  rollback: boolean;
}

/** supabase-js sends several Prefer values comma-joined; unknown ones are ignored (handling=lenient). */
export function parsePrefer(header: string | undefined): Preferences {
  const p: Preferences = { return: undefined, count: false, missingDefault: false, resolution: undefined, rollback: false };
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.trim().split('=').map((s) => s.trim());
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) p.return = value;
    // planned and estimated are answered exactly: the tables are small.
    else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) p.count = true;
    else if (key === 'missing' && value === 'default') p.missingDefault = true;
    else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) p.resolution = value;
    else if (key === 'tx' && value === 'rollback') p.rollback = true;
  }
  return p;
}

export const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';

/** Answers by Accept value: clients send the same two or three on every request. */
const singleFor = new Map<string, boolean>();

/** true: one bare object (`.single()`); false: a JSON array. 406 PGRST107 for anything else. */
export function wantsSingleObject(accept: string | undefined): boolean {
  if (!accept) return false;
  return remembered(singleFor, 100, accept, mediaTypeIsObject);
}

function mediaTypeIsObject(accept: string): boolean {
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
  for (const t of types) {
    if (t === OBJECT_MEDIA) return true;
    if (t === 'application/json' || t === '*/*' || t === 'application/*' || t === '') return false;
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
}

/** Only `public` is exposed, as in the project's config.toml (graphql_public has no tables here). */
export function checkProfile(method: string, headers: { get(name: string): string | undefined }): string | undefined {
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const schema = headers.get(name);
  if (schema === undefined || schema === EXPOSED_SCHEMA) return schema;
  throw new RestError(406, 'PGRST106', `Invalid schema: ${schema}`, null,
    `Only the following schemas are exposed: ${EXPOSED_SCHEMA}, graphql_public`);
}

/** `Range: 0-9` (Range-Unit items) → offset/limit; other clients than supabase-js use it. */
export function parseRangeHeader(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const m = /^(?:items=)?\s*(\d+)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  // As limit= and offset=: at most 15 digits, so the numbers stay exact (and fit a bigint).
  if (m[1]!.length > 15 || m[2]!.length > 15) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', 'The Range header\'s boundaries must be whole numbers of at most 15 digits.');
  }
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from };
  const to = Number(m[2]);
  if (to < from) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  }
  return { offset: from, limit: to - from + 1 };
}
