/**
 * Runs one REST request in one transaction under the caller's role and
 * claims, the way PostgREST does (protocol §1.7): role, claims, method, path
 * and headers as transaction-local settings, so RLS policies and auth.uid()
 * see exactly what they see behind hosted PostgREST.
 */
import type { Database, Queryable } from '../db/database.ts';
import type { Caller } from './authenticate.ts';
import { RestError } from './rest-error.ts';

/** The roles a token may name: the ones Supabase's authenticator may switch to. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface RequestInfo {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/** Thrown to roll back a finished request (`.single()` with ≠ 1 row, `Prefer: tx=rollback`) while still answering. */
export class Rollback<T> extends Error {
  constructor(readonly result: T | undefined, readonly error?: RestError) {
    super('rollback');
  }
}

const SETTINGS_SQL = `select
  set_config('search_path', 'public, extensions', true),
  set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true),
  set_config('request.method', $3, true),
  set_config('request.path', $4, true),
  set_config('request.headers', $5, true)`;

export async function inRequestTx<T>(
  db: Database,
  caller: Caller,
  request: RequestInfo,
  readOnly: boolean,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  if (!API_ROLES.has(caller.role)) {
    throw new RestError(403, '42501', `permission denied to set role "${caller.role}"`);
  }
  try {
    return await db.transaction(async (tx) => {
      // Reads run read-only, as in PostgREST; set before any other statement.
      const sql = readOnly ? SETTINGS_SQL.replace('select', "select set_config('transaction_read_only', 'on', true),") : SETTINGS_SQL;
      await tx.query(sql, [
        caller.role,
        JSON.stringify(caller.claims),
        request.method,
        request.path,
        JSON.stringify(request.headers),
      ]);
      return fn(tx);
    });
  } catch (e) {
    if (e instanceof Rollback) {
      if (e.error) throw e.error;
      return e.result as T;
    }
    throw e;
  }
}
