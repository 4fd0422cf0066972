/**
 * POST/GET/HEAD /rpc/{fn}: calls a function of the exposed schema with named
 * arguments, as PostgREST does — arguments go through json_to_record so
 * Postgres converts them to the declared types, and the function is chosen
 * from the catalog by its argument names.
 */
import type { Queryable } from '../db/database.ts';
import { isObject, type JsonObject } from './body.ts';
import { notSingle } from './response.ts';
import { RestError } from './rest-error.ts';
import { EXPOSED_SCHEMA, type FunctionInfo, type SchemaCache } from './schema-cache.ts';
import { jsonRows, onlyElement, Params, quoteIdent } from './sql-builder.ts';

export async function findFunction(schema: SchemaCache, name: string, args: JsonObject): Promise<FunctionInfo> {
  const keys = Object.keys(args);
  const candidates = await schema.functions(name);
  const fits = (f: FunctionInfo) =>
    keys.every((k) => f.args.some((a) => a.name === k)) && f.args.every((a) => a.hasDefault || keys.includes(a.name));
  // A single unnamed json/jsonb parameter takes the whole body (PostgREST's "single object" call).
  const whole = (f: FunctionInfo) => f.args.length === 1 && f.args[0]!.name === '' && /^jsonb?$/.test(f.args[0]!.type);
  const found = candidates.find(fits) ?? candidates.find(whole);
  if (found) return found;
  const signature = `${EXPOSED_SCHEMA}.${name}(${[...keys].sort().join(', ')})`;
  throw new RestError(404, 'PGRST202', `Could not find the function ${signature} in the schema cache`, null,
    candidates.length ? `Perhaps you meant to call the function with other arguments: ${candidates.map((f) => `${name}(${f.args.map((a) => a.name).join(', ')})`).join(', ')}` : null);
}

export interface RpcResult {
  status: number;
  body: string | null;
}

/** `single`: `.rpc().single()` — a set result must hold exactly one row, returned bare (406 PGRST116 otherwise). */
export async function runRpc(tx: Queryable, fn: FunctionInfo, args: JsonObject, single = false): Promise<RpcResult> {
  const params = new Params();
  const name = `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(fn.name)}`;
  let from = '';
  let call: string;
  const isWhole = fn.args.length === 1 && fn.args[0]!.name === '';
  if (isWhole) {
    call = `${name}(${params.raw(JSON.stringify(args))}::${fn.args[0]!.type})`;
  } else {
    const given = fn.args.filter((a) => a.name in args);
    if (given.length) {
      // Types come from the catalog (format_type), names are checked against it.
      const defs = given.map((a) => `${quoteIdent(a.name)} ${a.type}`).join(', ');
      from = `json_to_record(${params.raw(JSON.stringify(args))}::json) as _a(${defs})`;
    }
    call = `${name}(${given.map((a) => `${quoteIdent(a.name)} := _a.${quoteIdent(a.name)}`).join(', ')})`;
  }
  const sources = (item: string) => (from ? `${from}, ${item}` : item);
  let sql: string;
  if (fn.returns === 'void') sql = `select ${call}${from ? ` from ${from}` : ''}`;
  else if (fn.returnsSet && fn.returns === 'composite') sql = `select ${jsonRows('_r')} as body, count(*)::int as n from ${sources(`${call} _r`)}`;
  else if (fn.returnsSet) sql = `select ${jsonRows('_r.v')} as body, count(*)::int as n from ${sources(`${call} as _r(v)`)}`;
  else if (fn.returns === 'composite') sql = `select to_json(_r)::text as body from ${sources(`${call} _r`)}`;
  else sql = `select to_json(${call})::text as body${from ? ` from ${from}` : ''}`;
  const r = await tx.query<{ body: string | null; n?: number }>(sql, params.values);
  if (fn.returns === 'void') return { status: 204, body: null };
  if (single && fn.returnsSet) {
    if (r.rows[0]!.n !== 1) throw notSingle(r.rows[0]!.n ?? 0);
    return { status: 200, body: onlyElement(r.rows[0]!.body!) };
  }
  return { status: 200, body: r.rows[0]?.body ?? 'null' };
}

/** GET /rpc/fn?a=1&b=x: query parameters are the arguments (as strings Postgres converts). */
export function argsFromQuery(params: URLSearchParams): JsonObject {
  const args: JsonObject = {};
  for (const [k, v] of params) args[k] = v;
  return args;
}

export function argsFromBody(body: unknown): JsonObject {
  if (body === undefined) return {};
  if (!isObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object of named arguments');
  return body;
}
