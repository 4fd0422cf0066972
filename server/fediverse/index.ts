/**
 * The fediverse part of the local backend (issue 45): the federation, its
 * routes on the site's origin, and the delivery worker, started together.
 */
import type { Hono } from 'hono';
import type { Database } from '../db/database.ts';
import { createPublicFetch } from '../outbound/public-fetch.ts';
import { startDeliveryWorker, type DeliveryWorker } from './delivery.ts';
import { createSiteFederation } from './federation.ts';
import { DatabaseMessageQueue } from './inbox-queue.ts';
import { accountKeys } from './keys.ts';
import { createFediverseRoutes } from './routes.ts';

export interface FediverseOptions {
  /**
   * host:port entries exempt from the public-address rule, for fetching
   * actors and delivering alike: parseOutboundAllowHosts(OUTBOUND_ALLOW_HOSTS).
   */
  allowHosts?: readonly string[];
  /**
   * Tests only: addresses the outbound fetch takes as public, so a fediverse
   * server played on 127.0.0.1 can be fetched and delivered to. Production
   * takes OUTBOUND_ALLOW_HOSTS as allowHosts (decision 270).
   */
  allow?: readonly string[];
  inboxPerMinute?: number;
  /** The delivery worker's wait between idle looks (default 1 s) and its lease. */
  idleMs?: number;
  leaseMs?: number;
  concurrency?: number;
}

export interface Fediverse {
  routes: Hono;
  delivery: DeliveryWorker;
  /** Verified inbox activities waiting for their listeners. */
  inboxQueue: DatabaseMessageQueue;
  stop(): Promise<void>;
}

export function startFediverse(db: Database, origin: string, options: FediverseOptions & { exclusive: boolean; trustedProxyHeader?: string; siteUrl?: string }): Fediverse {
  // Remote documents: 1 MB and 10 s at most; deliveries are POSTs through the same rules.
  const publicFetch = createPublicFetch({
    timeoutMs: 10_000, maxBytes: 1024 * 1024, methods: ['GET', 'HEAD', 'POST'], allow: options.allow, allowHosts: options.allowHosts,
  });
  const inboxQueue = new DatabaseMessageQueue(db, { exclusive: options.exclusive, pollMs: options.idleMs, leaseMs: options.leaseMs });
  const federation = createSiteFederation({
    db, publicFetch, origin: options.siteUrl, inboxQueue, plainHttp: { allowHosts: options.allowHosts, allow: options.allow },
  });
  const listening = new AbortController();
  const inboxWork = federation.startQueue(undefined, { signal: listening.signal, queue: 'inbox' });
  const routes = createFediverseRoutes({ db, federation, inboxQueue, inboxPerMinute: options.inboxPerMinute, trustedProxyHeader: options.trustedProxyHeader });
  const delivery = startDeliveryWorker({
    db, publicFetch, keys: accountKeys(db), origin, exclusive: options.exclusive,
    idleMs: options.idleMs, leaseMs: options.leaseMs, concurrency: options.concurrency,
  });
  return {
    routes,
    delivery,
    inboxQueue,
    async stop() {
      listening.abort();
      await inboxWork;
      await delivery.stop();
      await publicFetch.close();
    },
  };
}
