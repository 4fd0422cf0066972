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
import { ChangeFeed } from './change-feed.ts';
import { Connection, whoFrom, type ConnectionLimits, type Who } from './connection.ts';
import { fanOut } from './fan-out.ts';
import { SESSION_ENDED, sessionOf, sessionsLive } from './sessions.ts';
import { publicationTables, Visibility, type TableInfo } from './visibility.ts';

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
 * and bounds on sockets and bindings, so no stranger can make every change's
 * fan-out (and the server's memory) grow without end. Hosted bounds neither
 * bindings per channel nor per socket (each is a row of its
 * realtime.subscription); 100 per channel matches its other bounds (channels
 * per client, values of an `in` filter), and 1,000 per socket is ten full
 * channels. The site's pages use two.
 */
const DEFAULT_LIMITS: SocketLimits = {
  maxChannels: 100,
  maxMessagesPerSecond: 100,
  maxBindingsPerChannel: 100,
  maxBindingsPerConnection: 1000,
  maxConnections: 1000,
  maxConnectionsPerAddress: 100,
};

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

  const visibility = new Visibility(options.db);
  const feed = new ChangeFeed(options.db, async (changes) =>
    fanOut(changes, { db: options.db, tables: await loadTables(), visibility, connections }),
  );
  const sessionLive = async (who: Who) => (await sessionsLive(options.db, [who.claims]))(who.claims);

  /**
   * Every 5 s, as hosted Realtime rechecks tokens: expired ones end their
   * channels, and so do those whose session has ended (one lookup for all of
   * them), even when no change comes to notice it.
   */
  let checking = false;
  async function checkTokens(): Promise<void> {
    connections.forEach((c) => c.expireTokens());
    const signedIn = [...connections].flatMap((connection) =>
      [...connection.channels.values()]
        .filter((channel) => sessionOf(channel.who.claims) !== undefined)
        .map((channel) => ({ connection, channel, who: channel.who })),
    );
    if (signedIn.length === 0 || checking) return;
    checking = true;
    try {
      const live = await sessionsLive(options.db, signedIn.map((s) => s.who.claims));
      for (const s of signedIn) if (!live(s.who.claims)) s.connection.endIfStill(s.channel, s.who, SESSION_ENDED);
    } catch (e) {
      // The database restarting or busy: the next tick, or the next change, asks again.
      console.error('[realtime] checking sessions failed:', (e as Error).message);
    } finally {
      checking = false;
    }
  }
  const expiry = setInterval(() => void checkTokens(), 5000);
  expiry.unref();

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
    const connection = new Connection(ws, who, vsn, options.jwtSecret, limits, published, sessionLive);
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
