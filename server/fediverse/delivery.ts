/**
 * The delivery worker: what her accounts say reaches every follower's
 * server, once, through private.fediverse_outbox → fediverse_deliveries.
 * Runs inside the local backend and, for a site on a static host with hosted
 * Supabase, as `npm run fediverse-worker` (server/cli; decision 310).
 *
 * Each look: (1) private.fediverse_enqueue_due() turns posts that became
 * public, were edited or were withdrawn into outbox rows (no request needed:
 * a scheduled post goes at its time); (2) each new row gets its JSON-LD body,
 * written once, and in the same transaction one delivery per inbox (a
 * shared inbox where the server has one: one request per server, the unique
 * key making "once" the schema's); (3) due deliveries are claimed (skip
 * locked, with a lease), signed with the account's key (HTTP Signatures:
 * RFC 9421 first, draft-cavage, as Mastodon requires, where that is refused:
 * signature-spec.ts) and POSTed through the outbound fetch. 2xx → delivered; 410 from a
 * personal inbox (no follower's shared inbox) → that follower is removed; 404, or 410 from a
 * shared inbox (a whole server) → again later like a 5xx, and the followers behind it removed
 * only when the last attempt still answers 404/410; 429, 5xx, a timeout or no answer → again later, backing off up
 * to about four days (later still if the server's Retry-After says so, and
 * its other deliveries wait with it, unsent and uncounted); any other 4xx →
 * failed. A worker killed mid-send
 * leaves its claims, taken again when the lease lapses (at once on the next
 * start of the embedded database): the same activity id goes again, and the
 * receiver, who keys activities by id, handles it once.
 */
import { randomUUID } from 'node:crypto';
import { signRequest } from '@fedify/fedify';
import { Create, Delete, Follow, PUBLIC_COLLECTION, Reject, Tombstone, Update } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import type { Database, Queryable } from '../db/database.ts';
import { PublicFetchError, type PublicFetch } from '../outbound/public-fetch.ts';
import type { FediverseLanguage } from './accounts.ts';
import { POST_COLUMNS, postArticle, type PostRow } from './article.ts';
import { USER_AGENT } from './federation.ts';
import { keepAvatarCopies } from './avatar-copies.ts';
import type { AccountKeyPair } from './keys.ts';
import { databaseKvStore, forgetExpired } from './kv-store.ts';
import { fediversePaths } from './paths.ts';
import { FALLBACK_SPEC, FIRST_SPEC, signatureSpecs, type SignatureSpec } from './signature-spec.ts';

/** Waits after each refusal, then the last one repeated: about four days in all. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 3600_000, 6 * 3600_000, 12 * 3600_000, 24 * 3600_000, 24 * 3600_000, 24 * 3600_000];
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;

/**
 * private.fediverse_enqueue_due() compares every public post with what her
 * followers were told: 300–500 ms on PGlite with 20,000 posts, which held
 * the embedded database's one connection every second (the search bench's
 * readers waited that long). It runs when the site's content may have
 * changed (db.contentChanges), when asked (wake: a scheduled post's minute,
 * a follow, drain), and at least this often for what no count sees.
 */
export const ENQUEUE_AT_LEAST_EVERY_MS = 60_000;

export interface DeliveryWorkerOptions {
  db: Database;
  publicFetch: PublicFetch;
  keys: (language: FediverseLanguage) => Promise<AccountKeyPair>;
  /** The origin of every id (SITE_URL, or the server's own address). */
  origin: string;
  /** Deliveries in flight at once (default 8: measured best for the reader and the fan-out alike, decision 310). */
  concurrency?: number;
  leaseMs?: number;
  idleMs?: number;
  /** The only worker on this database (embedded): claims left by a killed run are released at start. */
  exclusive?: boolean;
  log?: (line: string) => void;
}

export interface DeliveryWorker {
  /** Looks now, the posts compared again (a scheduled post's minute, a follow). */
  wake(): void;
  /** Resolves once a look found nothing to write or send now. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

interface OutboxRow {
  id: string;
  language: FediverseLanguage;
  type: 'Create' | 'Update' | 'Delete' | 'Accept' | 'Reject';
  post_id: string | null;
  recipient_inbox: string | null;
  recipient_actor: string | null;
  follow_id: string | null;
}

interface Claimed {
  id: string;
  activity_id: string;
  inbox: string;
  attempts: number;
  language: FediverseLanguage;
  body: Record<string, unknown>;
}

const DUE = `(d.state = 'queued' and d.next_attempt_at <= now()) or (d.state = 'sending' and d.claimed_until < now())`;

/** The activity's public id: its outbox key under /ap/activities/. */
const activityKey = (rowId: string) => rowId.slice(rowId.lastIndexOf(':') + 1);

async function buildBody(db: Queryable, row: OutboxRow, origin: string): Promise<unknown> {
  const paths = fediversePaths(origin);
  const id = paths.activity(activityKey(row.id));
  const actor = paths.actor(row.language);
  if (row.type === 'Reject') {
    // The Follow itself, embedded: Mastodon acts on a Reject only when its object is the Follow (by id, or embedded).
    const follower = new URL(row.recipient_actor!);
    const follow = new Follow({ id: row.follow_id ? new URL(row.follow_id) : null, actor: follower, object: actor });
    return new Reject({ id, actor, object: follow, to: follower }).toJsonLd({ format: 'compact' });
  }
  const post = row.post_id
    ? (await db.query<PostRow>(
        `select ${POST_COLUMNS} from public.blog_posts p where p.id = $1`, [row.post_id])).rows[0]
    : undefined;
  const addressed = { id, actor, to: PUBLIC_COLLECTION, cc: paths.followers(row.language) };
  if (row.type === 'Delete' || !post) {
    const object = new Tombstone({ id: paths.post(row.post_id!), deleted: Temporal.Now.instant() });
    return new Delete({ ...addressed, object }).toJsonLd({ format: 'compact' });
  }
  const article = postArticle(post, origin);
  const activity = row.type === 'Create'
    ? new Create({ ...addressed, object: article, published: article.published })
    : new Update({ ...addressed, object: article, updated: article.updated ?? Temporal.Now.instant() });
  return activity.toJsonLd({ format: 'compact' });
}

/** Whether some follower's server takes its deliveries at this inbox (one inbox for many people). */
async function isSharedInbox(db: Queryable, inbox: string): Promise<boolean> {
  const r = await db.query(`select 1 from public.fediverse_followers where shared_inbox = $1 limit 1`, [inbox]);
  return r.rows.length > 0;
}

/** The delivery failed as 'gone', and the followers it reached (`who`, of $1 the inbox) forgotten, together. */
async function forgetInbox(db: Database, id: string, status: number, who: string, inbox: string, attempts?: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `update private.fediverse_deliveries set state = 'failed', attempts = coalesce($3, attempts), last_status = $2, last_error = 'gone', claim = null where id = $1`,
      [id, status, attempts ?? null]);
    await tx.query(`delete from public.fediverse_followers where ${who}`, [inbox]);
  });
}

/** Whether a delivery is due now (read-only: an idle look writes nothing). */
export async function anyDeliveryDue(db: Queryable): Promise<boolean> {
  const r = await db.query<{ due: boolean }>(`select exists (select 1 from private.fediverse_deliveries d where ${DUE}) as due`);
  return r.rows[0]?.due === true;
}

/** Claims a killed run left (embedded database: this process is the only worker), looked at before any is written. */
async function releaseAllClaims(db: Queryable): Promise<void> {
  const r = await db.query<{ sending: boolean }>(`select exists (select 1 from private.fediverse_deliveries where state = 'sending') as sending`);
  if (!r.rows[0]?.sending) return;
  await db.query(`update private.fediverse_deliveries set state = 'queued', claim = null, claimed_until = null where state = 'sending'`);
}

/** New outbox rows: their bodies written, their deliveries queued; how many. */
export async function writeOutbox(db: Database, origin: string, limit = 20): Promise<number> {
  const rows = (await db.query<OutboxRow>(
    `select id, language, type, post_id::text, recipient_inbox, recipient_actor, follow_id from private.fediverse_outbox
      where body is null order by created_at limit $1`, [limit])).rows;
  for (const row of rows) {
    const body = await buildBody(db, row, origin);
    await db.transaction(async (tx) => {
      const written = await tx.query(
        `update private.fediverse_outbox set body = $2::jsonb where id = $1 and body is null returning 1`, [row.id, JSON.stringify(body)]);
      if (!written.rows.length) return;
      if (row.recipient_inbox) {
        await tx.query(`insert into private.fediverse_deliveries (activity_id, inbox) values ($1, $2) on conflict do nothing`, [row.id, row.recipient_inbox]);
      } else {
        await tx.query(
          `insert into private.fediverse_deliveries (activity_id, inbox)
           select distinct $1, coalesce(f.shared_inbox, f.inbox) from public.fediverse_followers f where f.language = $2
           on conflict do nothing`,
          [row.id, row.language],
        );
      }
    });
  }
  return rows.length;
}

export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, publicFetch, keys, origin, concurrency = 8, leaseMs = 120_000, idleMs = 1_000, log = (line) => console.error(line) } = options;
  const claim = randomUUID();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let waiters: (() => void)[] = [];
  let lastHousekeeping = 0;
  let tableless = false;
  /** db.contentChanges when the last enqueue began; asked: the next look enqueues whatever the count says. */
  let enqueuedAt: number | undefined;
  let lastEnqueue = 0;
  let enqueueAsked = true;
  const specs = signatureSpecs(databaseKvStore(db));

  const claimBatch = async (): Promise<Claimed[]> => {
    const r = await db.query<Claimed>(
      `with next as (
         select d.id from private.fediverse_deliveries d where ${DUE}
          order by d.next_attempt_at, d.id limit $2 for update skip locked
       )
       update private.fediverse_deliveries d
          set state = 'sending', claim = $1, claimed_until = now() + make_interval(secs => $3::double precision / 1000)
         from next, private.fediverse_outbox o
        where d.id = next.id and o.id = d.activity_id
       returning d.id::text, d.activity_id, d.inbox, d.attempts, o.language, o.body`,
      [claim, concurrency * 4, leaseMs],
    );
    return r.rows;
  };

  const settle = async (d: Claimed, outcome: { status?: number; error?: string; retryAt?: Date }) => {
    const { status, error, retryAt } = outcome;
    if (status !== undefined && status >= 200 && status < 300) {
      await db.query(`update private.fediverse_deliveries set state = 'delivered', delivered_at = now(), last_status = $2, claim = null where id = $1`, [d.id, status]);
      return;
    }
    const gone = status === 404 || status === 410;
    if (status === 410 && !(await isSharedInbox(db, d.inbox))) {
      // One person's inbox says its account is gone: so is that follower.
      await forgetInbox(db, d.id, status, 'inbox = $1', d.inbox);
      return;
    }
    if (retryAt && status === undefined) {
      // Refused before sending (the host asked for a wait on an earlier request): not an attempt.
      await db.query(
        `update private.fediverse_deliveries set state = 'queued', last_error = $2, claim = null, claimed_until = null, next_attempt_at = $3 where id = $1`,
        [d.id, error ?? null, retryAt.toISOString()],
      );
      return;
    }
    // A shared inbox's 410 or any 404 may be a server's bad hour (a misconfigured proxy, a move): tried again like a 5xx.
    const retry = status === undefined || status === 429 || status >= 500 || gone;
    const attempts = d.attempts + 1;
    if (gone && attempts >= MAX_ATTEMPTS) {
      // Still gone after about four days: the followers behind that inbox with it.
      await forgetInbox(db, d.id, status, 'inbox = $1 or shared_inbox = $1', d.inbox, attempts);
      return;
    }
    if (!retry || attempts >= MAX_ATTEMPTS) {
      await db.query(`update private.fediverse_deliveries set state = 'failed', attempts = $2, last_status = $3, last_error = $4, claim = null where id = $1`,
        [d.id, attempts, status ?? null, error ?? `HTTP ${status}`]);
      return;
    }
    const wait = BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)]!;
    // A Retry-After later than our own wait is honoured.
    await db.query(
      `update private.fediverse_deliveries set state = 'queued', attempts = $2, last_status = $3, last_error = $4, claim = null, claimed_until = null,
              next_attempt_at = greatest(now() + make_interval(secs => $5::double precision / 1000), coalesce($6::timestamptz, now())) where id = $1`,
      [d.id, attempts, status ?? null, error ?? `HTTP ${status}`, wait, retryAt?.toISOString() ?? null],
    );
  };

  const deliver = async (d: Claimed) => {
    try {
      const pair = await keys(d.language);
      const keyId = new URL(`${fediversePaths(origin).actor(d.language).href}#main-key`);
      const body = JSON.stringify(d.body);
      const send = async (spec: SignatureSpec) => {
        const unsigned = new Request(d.inbox, {
          method: 'POST',
          headers: { 'Content-Type': 'application/activity+json', Accept: 'application/activity+json', 'User-Agent': USER_AGENT },
          body,
        });
        const signed = await signRequest(unsigned, pair.privateKey, keyId, { spec });
        return publicFetch(d.inbox, { method: 'POST', headers: signed.headers, body: await signed.text() });
      };
      const server = new URL(d.inbox).origin;
      const spec = await specs.determine(server);
      let response = await send(spec);
      if (spec === FIRST_SPEC && (response.status === 400 || response.status === 401)) {
        // It does not read RFC 9421 (Mastodon before 4.5, most servers): the same, signed as they expect.
        await response.body?.cancel();
        response = await send(FALLBACK_SPEC);
        if (response.ok) await specs.fellBack(server);
      }
      await response.body?.cancel();
      await settle(d, { status: response.status });
    } catch (e) {
      // 429/503 come back as a 'busy' refusal (server/outbound/busy-hosts.ts) with the host's wait.
      if (e instanceof PublicFetchError && e.code === 'busy') await settle(d, { status: e.status, error: e.message, retryAt: e.retryAt });
      else await settle(d, { error: (e as Error).message });
    }
  };

  const look = async (): Promise<boolean> => {
    if (Date.now() - lastHousekeeping > 60_000) {
      lastHousekeeping = Date.now();
      await forgetExpired(db);
    }
    const changes = db.contentChanges;
    if (enqueueAsked || changes === undefined || changes !== enqueuedAt || Date.now() - lastEnqueue >= ENQUEUE_AT_LEAST_EVERY_MS) {
      enqueueAsked = false;
      enqueuedAt = changes;
      lastEnqueue = Date.now();
      await db.query(`select private.fediverse_enqueue_due()`);
    }
    // Repliers' pictures, copied before readers see them (avatar-copies.ts): a few a look.
    const copied = await keepAvatarCopies(db, publicFetch);
    const written = (await writeOutbox(db, origin)) + copied;
    // Asked first, read-only: the claim is an UPDATE, which the embedded
    // database counts as a write even when it changes no row, and that count
    // tells kept pages and the publication clock to look again (as anyMailDue).
    if (!(await anyDeliveryDue(db))) return written > 0;
    const batch = await claimBatch();
    // Bounded: at most `concurrency` requests at once, so the fan-out never crowds the readers.
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, async () => {
      while (next < batch.length && !stopped) await deliver(batch[next++]!);
    }));
    return written > 0 || batch.length > 0;
  };

  const loop = () => {
    if (stopped || running) return;
    clearTimeout(timer);
    running = (async () => {
      let busy = true;
      try {
        if (options.exclusive) {
          options.exclusive = false;
          await releaseAllClaims(db);
        }
        while (busy && !stopped) busy = await look();
      } catch (e) {
        // A database without the migrations (the server tests' fixture): said once, looked at again a minute later.
        if ((e as { code?: string }).code === '42P01') {
          if (!tableless) log('fediverse: this database has no fediverse tables (private.fediverse_deliveries); the delivery worker stays idle');
          tableless = true;
        } else log(`fediverse: delivery look failed: ${(e as Error).message}`);
      } finally {
        running = undefined;
        const done = waiters;
        waiters = [];
        for (const resolve of done) resolve();
        if (!stopped) timer = setTimeout(loop, tableless ? 60_000 : idleMs);
      }
    })();
  };
  timer = setTimeout(loop, 0);

  return {
    wake() {
      enqueueAsked = true;
      loop();
    },
    async drain() {
      enqueueAsked = true;
      await running;
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        loop();
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
