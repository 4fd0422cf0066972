/**
 * /rest/v1: the PostgREST subset of issue 2. Each request: check profile and
 * token, parse, then one transaction under the caller's role and claims.
 */
import { Hono, type Context } from 'hono';
import { limitBodies } from '../body-limit.ts';
import type { AppDeps } from '../deps.ts';
import { clientAddress } from '../client-address.ts';
import { HeaderLookup, requestHeaders } from '../request-headers.ts';
import type { Database } from '../db/database.ts';
import { Ticket } from '../db/ticket.ts';
import { authenticate, type Caller } from './authenticate.ts';
import { bodyRows, invalidBody, isObject, parseJson, writeColumns } from './body.ts';
import { errorResponse, type RestEnv } from './error-response.ts';
import { parseQuery, RESERVED } from './query-parser.ts';
import { readResult, type ReadRow } from './read.ts';
import { readPlan } from './read-plans.ts';
import { checkProfile, parsePrefer, wantsSingleObject } from './request-options.ts';
import { inRequestTx, readInRequestTx, Rollback, type RequestInfo } from './request-tx.ts';
import { restResponse } from './response.ts';
import { headersForSql } from './headers-for-sql.ts';
import { heldTurnOf, restScheduler } from './scheduler.ts';
import { RestError } from './rest-error.ts';
import { argsFromBody, argsFromQuery, findFunction, runRpc } from './rpc.ts';
import { SchemaCache } from './schema-cache.ts';
import { lookupTable } from './table-lookup.ts';
import { viewBufferFor } from '../stats/view-buffer.ts';
import { runDelete, runInsert, runUpdate, type WriteResult } from './write.ts';

/** 1 MB, as the hosted gateway allows for API bodies; beyond it 413 before any parsing. */
export const MAX_BODY_BYTES = 1024 * 1024;

const caches = new WeakMap<Database, SchemaCache>();

/** The schema cache of a database (one per process), reloaded by whoever changes the schema. */
export function schemaCacheFor(db: Database): SchemaCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SchemaCache(db)));
  return cache;
}

interface Prepared {
  caller: Caller;
  info: RequestInfo;
  /** The URL's query, `?…` ('' when none), as in the request (hono's URL, normalized by @hono/node-server). */
  search: string;
  profile: string | undefined;
  /** The request's headers by name (any case), from the record made once per request. */
  headers: HeaderLookup;
}

/**
 * The path and the query of a request's URL. Hono's URL is whole and
 * normalized already (@hono/node-server passes a plain request target on as
 * it is and normalizes any other through URL), so they are cut out of it
 * rather than parsed again.
 */
function pathAndSearch(url: string): { path: string; search: string } {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const query = url.indexOf('?', start);
  if (start < 0 || query < 0 || query > end) return { path: start < 0 ? '/' : url.slice(start, end), search: '' };
  return { path: url.slice(start, query), search: query + 1 < end ? url.slice(query, end) : '' };
}

async function prepareRequest(c: Context<RestEnv>, jwtSecret: string, client: string): Promise<Prepared> {
  const all = requestHeaders(c);
  const headers = new HeaderLookup(all);
  const profile = checkProfile(c.req.method, headers);
  const caller = await authenticate(headers, jwtSecret);
  c.set('restRole', caller.role);
  const { path, search } = pathAndSearch(c.req.url);
  // PostgREST sees the path after the gateway strips /rest/v1.
  const info: RequestInfo = { method: c.req.method, path: path.replace(/^\/rest\/v1/, '') || '/', headers: headersForSql(all, client) };
  return { caller, info, search, profile, headers };
}

async function readBody(c: Context): Promise<unknown> {
  return parseJson(await c.req.text());
}

export interface RestOptions {
  /** As AuthOptions.trustedProxyHeader: the header that names the client behind a proxy. */
  trustedProxyHeader?: string;
}

export function createRestRoutes(deps: AppDeps, options: RestOptions = {}): Hono<RestEnv> {
  const app = new Hono<RestEnv>();
  const schema = schemaCacheFor(deps.db);
  const { db, jwtSecret } = deps;
  const scheduler = restScheduler(db);
  // Readers' view beacons, answered at once and counted in batches (issue 42).
  const views = viewBufferFor(db);
  /** Whom a request serves: its socket's (or trusted proxy's) client, or the reader an in-process caller (a page render, a form) holds a turn for. */
  const clientOf = (c: Context<RestEnv>) => heldTurnOf(c.req.raw)?.client ?? clientAddress(c, options.trustedProxyHeader);
  const prepare = (c: Context<RestEnv>) => prepareRequest(c, jwtSecret, clientOf(c));
  /** One request's transaction, in its client's turn, or in the turn its in-process caller holds (a page render). */
  const inTurn = <T>(c: Context<RestEnv>, task: (ticket: Ticket) => Promise<T>) => {
    const held = heldTurnOf(c.req.raw);
    if (held?.active) return task(new Ticket());
    return scheduler.run(clientOf(c), task);
  };

  app.onError((e, c) => errorResponse(c, e));

  app.use(
    '*',
    limitBodies({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        // Connection: close — the unread body is still arriving; a client that
        // reused this socket would see its next request fail ("other side closed").
        throw new RestError(413, 'PGRST413', 'Payload Too Large', `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MB).`,
          'Send a smaller body: large files belong in storage, not in a table row.', { Connection: 'close' });
      },
    }),
  );

  // ---- rpc ----
  app.on(['GET', 'HEAD', 'POST'], '/rpc/:fn', async (c) => {
    const { caller, info, search, profile, headers } = await prepare(c);
    const isRead = c.req.method !== 'POST';
    let args;
    if (isRead) {
      const params = new URLSearchParams([...new URLSearchParams(search)].filter(([k]) => !RESERVED.has(k)));
      args = argsFromQuery(params);
    } else {
      const text = await c.req.text();
      args = argsFromBody(text.trim() === '' ? undefined : parseJson(text));
    }
    const fn = await findFunction(schema, c.req.param('fn'), args);
    const prefer = parsePrefer(headers.get('prefer'));
    const single = wantsSingleObject(headers.get('accept'));
    const beacon = fn.name === 'record_view' && !isRead && caller.role === 'anon' && !prefer.rollback;
    if (beacon) {
      const kept = views.offer(args, info.headers);
      if (kept === 'full') throw new RestError(503, 'PGRST003', 'Views are not being written', 'The database has taken no views for minutes.', null, { 'Retry-After': '5' });
      if (kept) return restResponse(c, 204, null, {}, single, profile);
    }
    // Her numbers include every view answered before she asked.
    if (fn.name.startsWith('stats_')) await views.flush();
    // The single-row check throws inside the transaction: a volatile function's writes roll back too.
    const role = await schema.roleSettings(caller.role);
    const result = await inTurn(c, () =>
      inRequestTx(db, caller, info, isRead, role, async (tx) => {
        const r = await runRpc(tx, fn, args, single);
        if (prefer.rollback) throw new Rollback(r);
        return r;
      }),
    );
    // Counted or silently refused: its page is a home page or a public post, and the next beacons of it wait in memory.
    if (beacon && typeof args.page === 'string') views.learnPublic(args.page);
    return restResponse(c, result.status, result.body, {}, single, profile);
  });

  // ---- read ----
  app.on(['GET', 'HEAD'], '/:table', async (c) => {
    const { caller, info, search, profile, headers } = await prepare(c);
    const table = await lookupTable(schema, c.req.param('table'));
    if (table.name.startsWith('stats_')) await views.flush();
    const single = wantsSingleObject(headers.get('accept'));
    const prefer = parsePrefer(headers.get('prefer'));
    const { q, opts, read } = readPlan(table, { search, range: headers.get('range'), single, count: prefer.count });
    const role = await schema.roleSettings(caller.role);
    const { rows } = await inTurn(c, (ticket) => readInRequestTx<ReadRow>(db, caller, info, role, read, ticket));
    const result = readResult(rows[0]!, q, opts);
    return restResponse(c, result.status, result.body, result.headers, single, profile);
  });

  // ---- writes ----
  const write = async (c: Context<RestEnv>, kind: 'insert' | 'update' | 'delete'): Promise<Response> => {
    const { caller, info, search, profile, headers } = await prepare(c);
    const table = await lookupTable(schema, c.req.param('table') ?? '');
    const q = parseQuery(new URLSearchParams(search));
    const single = wantsSingleObject(headers.get('accept'));
    const prefer = parsePrefer(headers.get('prefer'));
    const opts = { prefer, single };
    const body = kind === 'delete' ? undefined : await readBody(c);
    const role = await schema.roleSettings(caller.role);
    const run = (): Promise<WriteResult> =>
      inRequestTx(db, caller, info, false, role, async (tx) => {
        let r: WriteResult;
        if (kind === 'insert') {
          const rows = bodyRows(body);
          r = await runInsert(tx, table, q, rows, writeColumns(table, rows, q.columns), opts);
        } else if (kind === 'update') {
          if (!isObject(body)) throw invalidBody('PATCH takes one JSON object');
          r = await runUpdate(tx, table, q, body, writeColumns(table, [body], undefined), opts);
        } else r = await runDelete(tx, table, q, opts);
        if (prefer.rollback) throw new Rollback(r);
        return r;
      });
    const result = await inTurn(c, run);
    return restResponse(c, result.status, result.body, result.headers, single, profile);
  };
  app.post('/:table', (c) => write(c, 'insert'));
  app.patch('/:table', (c) => write(c, 'update'));
  app.delete('/:table', (c) => write(c, 'delete'));

  app.all('*', (c) => {
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    const known = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(c.req.method);
    if (!known) throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`);
    throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`);
  });

  return app;
}
