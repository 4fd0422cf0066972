/**
 * Realtime at /realtime/v1/websocket (protocol §4): postgres_changes for the
 * tables of the supabase_realtime publication, each change sent to a
 * subscriber only when its role and claims may select the row (RLS, as
 * hosted Realtime checks it). Broadcast and presence are not offered.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Database } from '../db/database.ts';
import { JwtError, verifyJwt } from '../keys.ts';
import { matches } from './bindings.ts';
import { ChangeFeed, type Change } from './change-feed.ts';
import { Connection, whoFrom, type Channel, type ConnectionLimits, type Who } from './connection.ts';
import { publicationTables, visibleKeys, type TableInfo } from './visibility.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';

export interface SocketLimits extends ConnectionLimits {
  /** Open sockets in all; then new ones get 429 (each costs every change a look). */
  maxConnections: number;
  /** Open sockets from one client address. */
  maxConnectionsPerAddress: number;
}

export interface RealtimeOptions {
  db: Database;
  jwtSecret: string;
  limits?: Partial<SocketLimits>;
}

export interface Realtime {
  /** For the HTTP server's 'upgrade' event; false when the path is not ours. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
  /** Open sockets (for tests and the limits). */
  readonly connections: number;
}

/**
 * Hosted Realtime's defaults: 100 channels per client, 100 messages a second;
 * and a bound on sockets, so no stranger can make every change's fan-out
 * (and the server's memory) grow without end.
 */
const DEFAULT_LIMITS: SocketLimits = { maxChannels: 100, maxMessagesPerSecond: 100, maxConnections: 1000, maxConnectionsPerAddress: 100 };

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 429: 'Too Many Requests' };

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function createRealtime(options: RealtimeOptions): Realtime {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const connections = new Set<Connection>();
  /** Sockets per client address, counted from the upgrade on (so a burst of upgrades cannot slip past the limit). */
  const perAddress = new Map<string, number>();
  let reserved = 0;
  const release = (address: string) => {
    reserved--;
    const left = (perAddress.get(address) ?? 1) - 1;
    if (left > 0) perAddress.set(address, left);
    else perAddress.delete(address);
  };
  let tables: Map<string, TableInfo> | undefined;
  const loadTables = async () => (tables ??= await publicationTables(options.db));

  const feed = new ChangeFeed(options.db, (changes) => deliver(changes));
  const expiry = setInterval(() => connections.forEach((c) => c.expireTokens()), 5000);
  expiry.unref();

  /** Subscribers with one role and claims see the same rows of a table: one visibility query serves them all. */
  const identity = (who: Who, change: Change) => `${who.role}\n${JSON.stringify(who.claims)}\n${change.schema}.${change.table}`;

  async function deliver(changes: Change[]): Promise<void> {
    const known = await loadTables();
    // Who may see which new rows: one query per subscriber identity and table for the whole batch.
    const recipients: { change: Change; connection: Connection; channel: Channel; ids: number[] }[] = [];
    const asked = new Map<string, { who: Who; schema: string; table: string; keys: Set<string> }>();
    for (const change of changes) {
      const info = known.get(`${change.schema}.${change.table}`);
      if (!info) continue;
      const row = (change.type === 'DELETE' ? change.old_record : change.record) ?? {};
      for (const connection of connections) {
        for (const channel of connection.channels.values()) {
          const ids = channel.bindings.filter((b) => matches(b, { ...change, row })).map((b) => b.id);
          if (ids.length === 0) continue;
          recipients.push({ change, connection, channel, ids });
          if (change.type !== 'DELETE') {
            const key = identity(channel.who, change);
            const entry = asked.get(key) ?? { who: channel.who, schema: change.schema, table: change.table, keys: new Set<string>() };
            entry.keys.add(String(row[info.key]));
            asked.set(key, entry);
          }
        }
      }
    }
    const visible = new Map<string, Set<string>>();
    for (const [key, q] of asked) {
      visible.set(key, await visibleKeys(options.db, q.who, { schema: q.schema, name: q.table, key: known.get(`${q.schema}.${q.table}`)!.key }, [...q.keys]));
    }
    for (const { change, connection, channel, ids } of recipients) {
      const keyColumn = known.get(`${change.schema}.${change.table}`)!.key;
      const keyOnly = (r: Record<string, unknown> | null) => (r ? { [keyColumn]: r[keyColumn] } : {});
      const data: Record<string, unknown> = {
        schema: change.schema,
        table: change.table,
        commit_timestamp: change.commit_timestamp,
        type: change.type,
        columns: [],
        errors: null,
      };
      if (change.type === 'DELETE') {
        data.old_record = keyOnly(change.old_record);
      } else {
        const seen = visible.get(identity(channel.who, change))?.has(String(change.record?.[keyColumn]));
        if (!seen) {
          // An insert they may not see is none of their business. An update
          // they may not see (a post unpublished) is told without its content,
          // so an open page knows to look again.
          if (change.type === 'INSERT') continue;
          Object.assign(data, { record: {}, old_record: keyOnly(change.old_record), errors: ['Error 401: Unauthorized'] });
        } else {
          data.record = change.record;
          if (change.type === 'UPDATE') data.old_record = keyOnly(change.old_record);
        }
      }
      connection.send([channel.joinRef, null, channel.topic, 'postgres_changes', { ids, data }]);
    }
  }

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH) return false;
    const apikey = url.searchParams.get('apikey') ?? (request.headers['x-api-key'] as string | undefined);
    const vsn = url.searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0';
    if (!apikey) {
      refuse(socket, 401, 'API key is missing');
      return true;
    }
    const address = request.socket.remoteAddress ?? 'unknown';
    if (reserved >= limits.maxConnections || (perAddress.get(address) ?? 0) >= limits.maxConnectionsPerAddress) {
      refuse(socket, 429, 'Too many connections');
      return true;
    }
    reserved++;
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    // Refused or broken before it opened (bad key, bad handshake): its place is freed here; once open, on the socket's close.
    let opened = false;
    socket.once('close', () => {
      if (!opened) release(address);
    });
    verifyJwt(apikey, options.jwtSecret).then(
      (claims) =>
        wss.handleUpgrade(request, socket, head, (ws) => {
          opened = true;
          open(ws, whoFrom(claims), vsn, address);
        }),
      (e: unknown) => {
        const message = e instanceof JwtError && e.kind === 'expired' ? 'Token has expired' : 'The token provided is not a valid JWT';
        refuse(socket, 401, message);
      },
    );
    return true;
  }

  function open(ws: WebSocket, who: Who, vsn: '1.0.0' | '2.0.0', address: string): void {
    // Handlers first: the client sends its join as soon as the socket opens.
    const published = (schema: string, table: string | undefined) => {
      const known = tables ?? new Map();
      return table === undefined ? [...known.keys()].some((k) => k.startsWith(`${schema}.`)) : known.has(`${schema}.${table}`);
    };
    const connection = new Connection(ws, who, vsn, options.jwtSecret, limits, published);
    connections.add(connection);
    // Messages are handled one after another, so a join's reply precedes what
    // follows it; and only once the feed listens, so a change made right
    // after a join's reply is never missed.
    let queue: Promise<unknown> = Promise.all([loadTables(), feed.listen()]).catch((e: unknown) => {
      console.error('[realtime] starting failed:', e);
      connection.close(1011, 'Internal error');
    });
    ws.on('message', (data: Buffer, isBinary) => {
      queue = queue.then(() => connection.onMessage(data, isBinary)).catch((e: unknown) => {
        console.error('[realtime] message failed:', e);
        connection.close(1011, 'Internal error');
      });
    });
    ws.on('close', () => {
      connections.delete(connection);
      release(address);
      if (connections.size === 0) feed.pause();
    });
    ws.on('error', () => ws.terminate());
  }

  return {
    handleUpgrade,
    get connections() {
      return connections.size;
    },
    async close() {
      clearInterval(expiry);
      feed.stop();
      for (const c of connections) c.close(1001, 'Server shutting down');
      connections.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
