/**
 * One client's WebSocket (protocol §4): Phoenix frames (vsn 2.0.0 arrays,
 * 1.0.0 objects), heartbeats, joins with postgres_changes bindings, leaves,
 * token updates and expiry. Whatever one client does wrong closes its own
 * socket or gets it an error reply; nobody else notices.
 */
import type { JWTPayload } from 'jose';
import type { WebSocket } from 'ws';
import { JwtError, verifyJwt } from '../keys.ts';
import { BindingError, readBinding, type Binding } from './bindings.ts';
import { SESSION_ENDED } from './sessions.ts';

export interface Who {
  role: string;
  claims: JWTPayload;
}

export interface Channel {
  topic: string;
  name: string;
  joinRef: string | null;
  bindings: Binding[];
  who: Who;
}

export interface ConnectionLimits {
  maxChannels: number;
  maxMessagesPerSecond: number;
  /** postgres_changes bindings one join may ask for, and one socket may hold in all (each costs every change a look). */
  maxBindingsPerChannel: number;
  maxBindingsPerConnection: number;
}

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export function whoFrom(claims: JWTPayload): Who {
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
  return { role, claims: { ...claims, role } };
}

export class Connection {
  readonly channels = new Map<string, Channel>();
  private recent: number[] = [];
  private nextBindingId = 1 + Math.floor(Math.random() * 1e6);

  constructor(
    private readonly ws: WebSocket,
    private readonly socketWho: Who,
    private readonly vsn: '1.0.0' | '2.0.0',
    private readonly jwtSecret: string,
    private readonly limits: ConnectionLimits,
    /** Is there such a table in the supabase_realtime publication? */
    private readonly published: (schema: string, table: string | undefined) => boolean,
    /** Does the session behind these claims still stand (true when they name none)? */
    private readonly sessionLive: (who: Who) => Promise<boolean>,
  ) {}

  send(frame: Frame): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    const [join_ref, ref, topic, event, payload] = frame;
    this.ws.send(JSON.stringify(this.vsn === '2.0.0' ? frame : { join_ref, ref, topic, event, payload }));
  }

  close(code: number, reason: string): void {
    this.channels.clear();
    this.ws.close(code, reason);
  }

  async onMessage(data: Buffer, isBinary: boolean): Promise<void> {
    const now = Date.now();
    this.recent = this.recent.filter((t) => t > now - 1000);
    this.recent.push(now);
    if (this.recent.length > this.limits.maxMessagesPerSecond) return this.close(1008, 'Too many messages per second');
    if (isBinary) return this.close(1003, 'Binary frames are only for broadcast, which this server does not offer');

    const frame = this.parse(data.toString('utf8'));
    if (!frame) return this.close(1003, 'Malformed frame');
    const [joinRef, ref, topic, event, payload] = frame;
    const reply = (status: 'ok' | 'error', response: Record<string, unknown> = {}) =>
      this.send([joinRef, ref, topic, 'phx_reply', { status, response }]);

    if (topic === 'phoenix' && event === 'heartbeat') return reply('ok');
    switch (event) {
      case 'phx_join':
        return this.join(frame, reply);
      case 'phx_leave':
        this.channels.delete(topic);
        reply('ok');
        return this.send([joinRef, null, topic, 'phx_close', {}]);
      case 'access_token':
        return this.updateToken(topic, payload.access_token);
      default:
        if (!this.channels.has(topic)) return reply('error', { reason: 'Unknown channel' });
        // Broadcast and presence are not offered; say so rather than stay silent.
        return reply('error', { reason: `Unsupported event "${event}"` });
    }
  }

  /** Expired tokens end their channels, as hosted Realtime does on its timer. */
  expireTokens(now = Date.now() / 1000): void {
    for (const channel of this.channels.values()) {
      const exp = channel.who.claims.exp;
      if (typeof exp === 'number' && exp < now) {
        this.endChannel(channel, `Token has expired ${Math.round(now - exp)} seconds ago`);
      }
    }
  }

  private parse(text: string): Frame | undefined {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (this.vsn === '1.0.0' && value && typeof value === 'object' && !Array.isArray(value)) {
      const o = value as Record<string, unknown>;
      value = [o.join_ref ?? null, o.ref ?? null, o.topic, o.event, o.payload];
    }
    if (!Array.isArray(value) || value.length !== 5) return undefined;
    const [joinRef, ref, topic, event, payload] = value;
    const refOk = (r: unknown) => r === null || typeof r === 'string';
    if (!refOk(joinRef) || !refOk(ref) || typeof topic !== 'string' || typeof event !== 'string') return undefined;
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
    return value as Frame;
  }

  private async verify(token: unknown): Promise<Who | string> {
    let who = this.socketWho;
    if (typeof token === 'string' && token !== '' && !token.startsWith('sb_')) {
      try {
        who = whoFrom(await verifyJwt(token, this.jwtSecret));
      } catch (e) {
        if (e instanceof JwtError) return `InvalidJWTToken: ${e.kind === 'expired' ? 'Token has expired' : e.message}`;
        throw e;
      }
      if (!API_ROLES.has(who.role)) return `Unauthorized: role "${who.role}" may not subscribe`;
      if (typeof who.claims.exp !== 'number') return 'InvalidJWTToken: Fields `role` and `exp` are required in JWT';
    }
    // A token still unexpired whose sign-in has ended (signed out) opens nothing.
    if (!(await this.sessionLive(who))) return SESSION_ENDED;
    return who;
  }

  private async join(frame: Frame, reply: (status: 'ok' | 'error', response?: Record<string, unknown>) => void): Promise<void> {
    const [joinRef, , topic, , payload] = frame;
    if (!topic.startsWith('realtime:')) return reply('error', { reason: 'Topics must start with "realtime:"' });
    if (!this.channels.has(topic) && this.channels.size >= this.limits.maxChannels) {
      return reply('error', { reason: 'ChannelRateLimitReached: Too many channels' });
    }
    const config = (payload.config ?? {}) as Record<string, unknown>;
    const raw = config.postgres_changes;
    const asked = Array.isArray(raw) ? raw.length : 0;
    if (asked > this.limits.maxBindingsPerChannel) {
      return reply('error', {
        reason: `PostgresChangesLimitReached: Too many postgres_changes bindings on a channel (at most ${this.limits.maxBindingsPerChannel})`,
      });
    }
    let held = 0;
    for (const c of this.channels.values()) if (c.topic !== topic) held += c.bindings.length;
    if (held + asked > this.limits.maxBindingsPerConnection) {
      return reply('error', {
        reason: `PostgresChangesLimitReached: Too many postgres_changes bindings on a socket (at most ${this.limits.maxBindingsPerConnection})`,
      });
    }
    const who = await this.verify(payload.access_token);
    if (typeof who === 'string') return reply('error', { reason: who });

    let bindings: Binding[];
    try {
      if (raw !== undefined && !Array.isArray(raw)) throw new BindingError('postgres_changes must be a list');
      bindings = ((raw as unknown[] | undefined) ?? []).map((b) => readBinding(b, this.nextBindingId++));
    } catch (e) {
      if (e instanceof BindingError) return reply('error', { reason: e.message });
      throw e;
    }
    const unknown = bindings.find((b) => !this.published(b.schema, b.table));
    if (unknown) {
      return reply('error', {
        reason: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [schema: ${unknown.schema}, table: ${unknown.table ?? '*'}, filters: [${unknown.filter ?? ''}]]`,
      });
    }

    const name = topic.slice('realtime:'.length);
    this.channels.set(topic, { topic, name, joinRef, bindings, who });
    const echoed = bindings.map((b) => ({
      event: b.event,
      schema: b.schema,
      ...(b.table !== undefined ? { table: b.table } : {}),
      ...(b.filter !== undefined ? { filter: b.filter } : {}),
      id: b.id,
    }));
    reply('ok', raw === undefined ? {} : { postgres_changes: echoed });
    if (bindings.length > 0) {
      this.send([joinRef, null, topic, 'system', { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: name }]);
    }
  }

  private async updateToken(topic: string, token: unknown): Promise<void> {
    const channel = this.channels.get(topic);
    if (!channel) return;
    if (token === null || token === undefined || (typeof token === 'string' && token.startsWith('sb_'))) return;
    const who = await this.verify(token);
    if (typeof who === 'string') return this.endChannel(channel, who);
    channel.who = who;
  }

  /**
   * Ends a channel judged with these claims, unless it has since been left,
   * joined again or given another token (then the judgement was of the past).
   */
  endIfStill(channel: Channel, who: Who, message: string): void {
    if (this.channels.get(channel.topic) === channel && channel.who === who) this.endChannel(channel, message);
  }

  private endChannel(channel: Channel, message: string): void {
    this.channels.delete(channel.topic);
    this.send([channel.joinRef, null, channel.topic, 'system', { extension: 'system', status: 'error', message, channel: channel.name }]);
    this.send([channel.joinRef, null, channel.topic, 'phx_close', {}]);
  }
}
