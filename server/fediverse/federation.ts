/**
 * The one federation object (Fedify), wired once: her two actors, their
 * keys, WebFinger names, collections, her posts as Articles, NodeInfo and the
 * inbox listeners (inbox.ts), run from a queue in the database (inbox-queue.ts)
 * once the inbox has answered. Fedify parses and verifies every signature and
 * writes the JSON-LD; this code never does. Remote documents come through the
 * server's outbound fetch (document-loader.ts). What goes out is never sent
 * from here: it waits in private.fediverse_outbox for the delivery worker
 * (delivery.ts), so a slow or dead server never holds a request (decision 310).
 */
import { createFederation, kvCache, type Federation } from '@fedify/fedify';
import { Article, Endpoints, Image, Person } from '@fedify/vocab';
import type { Database } from '../db/database.ts';
import type { PublicFetch } from '../outbound/public-fetch.ts';
import { FEDIVERSE_LANGUAGES, isFediverseLanguage, languageOfHandle, readAccount } from './accounts.ts';
import { alsoKnownAs, type AlsoKnownAsDeps } from './also-known-as.ts';
import { postArticle, readPublicPost } from './article.ts';
import { publicDocumentLoader, type PlainHttpHosts } from './document-loader.ts';
import { listenToInbox } from './inbox.ts';
import { accountKeys } from './keys.ts';
import type { DatabaseMessageQueue } from './inbox-queue.ts';
import { databaseKvStore } from './kv-store.ts';
import { FEDIVERSE_ROUTES } from './paths.ts';

export const USER_AGENT = 'journalist-site/0.1 (ActivityPub; +https://github.com/fedify-dev/fedify)';

export interface FederationDeps {
  db: Database;
  /** The outbound fetch for remote documents (public addresses only). */
  publicFetch: PublicFetch;
  /** The hosts whose documents may come over plain http (OUTBOUND_ALLOW_HOSTS); every other one is https or refused. */
  plainHttp?: PlainHttpHosts;
  /** SITE_URL: the canonical origin of every id; undefined = each request's own origin. */
  origin?: string;
  /**
   * Where verified inbox activities wait for their listeners (inbox-queue.ts);
   * whoever made it runs it (startQueue, or processQueuedTask).
   */
  inboxQueue: DatabaseMessageQueue;
}

export function createSiteFederation(deps: FederationDeps): Federation<void> {
  const { db } = deps;
  const kv = databaseKvStore(db);
  const keys = accountKeys(db);
  const loader = publicDocumentLoader(deps.publicFetch, USER_AGENT, undefined, deps.plainHttp);
  const aliasDeps: AlsoKnownAsDeps = {
    kv, publicFetch: deps.publicFetch, userAgent: USER_AGENT, plainHttp: deps.plainHttp,
    loader: kvCache({ loader, kv, prefix: ['_fedify', 'remoteDocument'] }),
  };
  const federation = createFederation<void>({
    kv,
    origin: deps.origin,
    // Remote actors and keys are kept a while (kvCache), fetched through the outbound rules.
    documentLoaderFactory: () => kvCache({ loader, kv, prefix: ['_fedify', 'remoteDocument'] }),
    contextLoaderFactory: () => loader,
    authenticatedDocumentLoaderFactory: (identity) => publicDocumentLoader(deps.publicFetch, USER_AGENT, identity, deps.plainHttp),
    // A replayed activity: its Date older (or newer) than this is refused.
    signatureTimeWindow: { minutes: 30 },
    // The inbox answers once the activity is verified and kept; nothing else is queued by Fedify
    // (what her accounts send waits in private.fediverse_outbox for delivery.ts).
    queue: { inbox: deps.inboxQueue },
    manuallyStartQueue: true,
  });

  federation
    .setActorDispatcher(FEDIVERSE_ROUTES.actor, async (ctx, identifier) => {
      if (!isFediverseLanguage(identifier)) return null;
      const account = await readAccount(db, identifier);
      if (!account) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      const icon = new URL(account.icon ?? '/apple-touch-icon.png', ctx.origin);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: account.handle,
        name: account.name,
        summary: account.summary || null,
        icon: new Image({ url: icon, name: account.name }),
        url: new URL(`/${identifier}`, ctx.origin),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        following: ctx.getFollowingUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]?.cryptographicKey ?? null,
        assertionMethods: pairs.map((pair) => pair.multikey),
        // The actor id Mastodon's Move looks for, whatever form she typed (also-known-as.ts).
        aliases: await alsoKnownAs(account.alsoKnownAs, aliasDeps),
        manuallyApprovesFollowers: false,
        discoverable: true,
        indexable: true,
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => (isFediverseLanguage(identifier) ? [await keys(identifier)] : []))
    // The handle is hers to change; the actor's address (its language) stays, so follows made earlier keep working.
    .mapHandle(async (_ctx, username) => languageOfHandle(db, username));

  // Who follows her is hers alone: the collections say how many, never who.
  federation
    .setFollowersDispatcher(FEDIVERSE_ROUTES.followers, async () => ({ items: [] }))
    .setCounter(async (_ctx, identifier) => {
      const r = await db.query<{ n: number }>(`select count(*)::int as n from public.fediverse_followers where language = $1`, [identifier]);
      return r.rows[0]?.n ?? 0;
    });
  federation.setFollowingDispatcher(FEDIVERSE_ROUTES.following, async () => ({ items: [] })).setCounter(async () => 0);
  federation
    .setOutboxDispatcher(FEDIVERSE_ROUTES.outbox, async () => ({ items: [] }))
    .setCounter(async (_ctx, identifier) => {
      const r = await db.query<{ n: number }>(
        `select count(*)::int as n from public.blog_posts p
          where p.language = $1 and p.published and p.date <= public.site_now() and p.origin_source is null`,
        [identifier],
      );
      return r.rows[0]?.n ?? 0;
    });

  federation.setObjectDispatcher(Article, FEDIVERSE_ROUTES.post, async (ctx, values) => {
    const post = await readPublicPost(db, values.id);
    return post ? postArticle(post, ctx.origin) : null;
  });

  federation.setNodeInfoDispatcher(FEDIVERSE_ROUTES.nodeInfo, async () => {
    const r = await db.query<{ posts: number }>(
      `select count(*)::int as posts from public.blog_posts p where p.published and p.date <= public.site_now()`);
    return {
      software: { name: 'journalist-site', version: '0.1.0' },
      protocols: ['activitypub'],
      openRegistrations: false,
      usage: { users: { total: FEDIVERSE_LANGUAGES.length, activeMonth: FEDIVERSE_LANGUAGES.length, activeHalfyear: FEDIVERSE_LANGUAGES.length }, localPosts: r.rows[0]?.posts ?? 0, localComments: 0 },
    };
  });

  listenToInbox(federation, db);
  return federation;
}
