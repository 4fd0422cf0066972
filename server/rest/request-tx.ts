/**
 * Runs one REST request in one transaction under the caller's role and
 * claims, the way PostgREST does (protocol §1.7): role, claims, method, path
 * and headers as transaction-local settings, so RLS policies and auth.uid()
 * see exactly what they see behind hosted PostgREST.
 */
import type { Database, Queryable, QueryResult, Statement } from '../db/database.ts';
import { settingsStatement, type Settings } from '../db/prepared.mjs';
import type { Ticket } from '../db/ticket.ts';
import { remembered } from '../remembered.ts';
import type { Caller } from './authenticate.ts';
import { RestError } from './rest-error.ts';
import type { RoleSettings } from './schema-cache.ts';

/** The roles a token may name: the ones Supabase's authenticator may switch to. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface RequestInfo {
  method: string;
  path: string;
  headers: Readonly<Record<string, string>>;
}

/** Thrown to roll back a finished request (`.single()` with ≠ 1 row, `Prefer: tx=rollback`) while still answering. */
export class Rollback<T> extends Error {
  constructor(readonly result: T | undefined, readonly error?: RestError) {
    super('rollback');
  }
}

const durations = new Map<string | undefined, number | undefined>();

/** A PostgreSQL duration setting ('3s', '8000', '1min') in ms; 0 or unreadable means none. Remembered: every request asks for its role's. */
export function durationMs(value: string | undefined): number | undefined {
  return remembered(durations, 100, value, readDuration);
}

function readDuration(value: string | undefined): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value ?? '');
  if (!m) return undefined;
  const unit = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? 'ms']!;
  const ms = Number(m[1]) * unit;
  return ms > 0 ? ms : undefined;
}

/** The settings that make a transaction the caller's: role, claims, request, the role's timeout. */
function requestSettings(caller: Caller, request: RequestInfo, role: RoleSettings): Settings {
  if (!API_ROLES.has(caller.role)) {
    throw new RestError(403, '42501', `permission denied to set role "${caller.role}"`);
  }
  const settings: [string, string][] = [
    ['search_path', 'public, extensions'],
    ['role', caller.role],
    ['request.jwt.claims', caller.claimsJson],
    ['request.method', request.method],
    ['request.path', request.path],
    ['request.headers', JSON.stringify(request.headers)],
  ];
  // The role's own settings apply, as PostgREST applies them (the role is
  // switched with SET ROLE, which does not load them by itself).
  if (role.statementTimeout) settings.push(['statement_timeout', role.statementTimeout]);
  return settings;
}

export async function inRequestTx<T>(
  db: Database,
  caller: Caller,
  request: RequestInfo,
  readOnly: boolean,
  role: RoleSettings,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const settings = settingsStatement(requestSettings(caller, request, role));
  try {
    return await db.transaction(
      async (tx) => {
        await tx.query(settings.sql, settings.params);
        return fn(tx);
      },
      { readOnly, statementTimeoutMs: durationMs(role.statementTimeout) },
    );
  } catch (e) {
    if (e instanceof Rollback) {
      if (e.error) throw e.error;
      return e.result as T;
    }
    throw e;
  }
}

/**
 * One read statement in a read-only request transaction, sent with its
 * settings as one batch: one round trip instead of four (BEGIN, settings,
 * read, COMMIT), most of a small read's cost.
 */
export async function readInRequestTx<R extends Record<string, unknown>>(
  db: Database,
  caller: Caller,
  request: RequestInfo,
  role: RoleSettings,
  read: Statement,
  ticket?: Ticket,
): Promise<QueryResult<R>> {
  const settings = requestSettings(caller, request, role);
  const [result] = await db.batch([read], { readOnly: true, settings, statementTimeoutMs: durationMs(role.statementTimeout), ticket });
  return result as QueryResult<R>;
}
