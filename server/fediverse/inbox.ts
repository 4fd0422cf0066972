/**
 * What her inbox does with an activity Fedify has verified (its HTTP
 * signature checked against the actor's key, the actor the key's owner):
 * Follow → a follower and a signed Accept queued; Undo → the follow, like or
 * boost withdrawn; Create of a Note replying to a post → a reply waiting for
 * her ("Respostas do fediverso"); Update/Delete of that Note by its author →
 * honoured; Like and Announce of a post → counted. Each activity is handled
 * once (private.fediverse_inbox, by its id, written with the work it did);
 * blocked servers and people are ignored. These run from the inbox queue
 * (inbox-queue.ts), after the sender had its answer.
 */
import { randomUUID } from 'node:crypto';
import type { Federation, InboxContext } from '@fedify/fedify';
import { Accept, Announce, Article, Create, Delete, Follow, Like, Note, Undo, Update, type Activity, type Actor } from '@fedify/vocab';
import type { Database, Queryable } from '../db/database.ts';
import { isFediverseLanguage, type FediverseLanguage } from './accounts.ts';
import { fediversePaths } from './paths.ts';
import { sanitiseReplyHtml } from './reply-html.ts';

/** Whether the activity was handled before (the same id delivered again), or has no id to tell. */
async function handledBefore(db: Queryable, activity: Activity): Promise<boolean> {
  if (!activity.id || !activity.actorId || !ownId(activity)) return true;
  const r = await db.query(`select 1 from private.fediverse_inbox where activity_id = $1`, [activity.id.href]);
  return r.rows.length > 0;
}

/**
 * Whether the activity's id is on its actor's server: an id is the sender's
 * to choose, and "handled once" is keyed by it, so one server must not be
 * able to use another's ids (and have that server's real activity taken for
 * a repeat). Mastodon refuses the same.
 */
function ownId(activity: Activity): boolean {
  return activity.id?.origin === activity.actorId?.origin;
}

/**
 * Does the activity's work in one transaction with the record that it was
 * done, so a worker killed half-way leaves neither (the queue gives the
 * message to the next one) and two workers never both do it.
 */
async function once(db: Database, activity: Activity, work: (tx: Queryable) => Promise<unknown>): Promise<void> {
  if (!activity.id || !activity.actorId || !ownId(activity)) return;
  await db.transaction(async (tx) => {
    const r = await tx.query(
      `insert into private.fediverse_inbox (activity_id, type, actor_id) values ($1, $2, $3) on conflict do nothing returning 1`,
      [activity.id!.href, activity.constructor.name, activity.actorId!.href],
    );
    if (r.rows.length === 1) await work(tx);
  });
}

async function isBlocked(db: Queryable, actorId: URL): Promise<boolean> {
  const r = await db.query(
    `select 1 from public.fediverse_blocks where (kind = 'server' and value = $1) or (kind = 'actor' and value = $2) limit 1`,
    [actorId.hostname, actorId.href],
  );
  return r.rows.length > 0;
}

/** Her account an address names, if any. */
function accountOf(ctx: InboxContext<void>, id: URL | null): FediverseLanguage | null {
  const parsed = id ? ctx.parseUri(id) : null;
  return parsed?.type === 'actor' && isFediverseLanguage(parsed.identifier) ? parsed.identifier : null;
}

/** Her post an address names (its ActivityPub id), if any. */
function postOf(ctx: InboxContext<void>, id: URL | null): string | null {
  const parsed = id ? ctx.parseUri(id) : null;
  return parsed?.type === 'object' && parsed.class === Article ? (parsed.values.id ?? null) : null;
}

export function handleOf(actor: Actor): string | null {
  return actor.preferredUsername && actor.id ? `@${actor.preferredUsername}@${actor.id.host}` : null;
}

function textOf(value: unknown): string {
  return value == null ? '' : String(value);
}

async function onFollow(db: Database, ctx: InboxContext<void>, follow: Follow): Promise<void> {
  const language = accountOf(ctx, follow.objectId);
  if (!language || !follow.actorId || (await handledBefore(db, follow)) || (await isBlocked(db, follow.actorId))) return;
  const follower = await follow.getActor(ctx);
  const followerId = follower?.id;
  const inbox = follower?.inboxId;
  if (!follower || !followerId || !inbox || followerId.href !== follow.actorId.href) return;
  const key = `accept-${randomUUID()}`;
  const accept = new Accept({
    id: fediversePaths(ctx.origin).activity(key),
    actor: ctx.getActorUri(language),
    object: follow,
    to: followerId,
  });
  const body = await accept.toJsonLd({ format: 'compact', contextLoader: ctx.contextLoader });
  await once(db, follow, async (tx) => {
    await tx.query(
      // follow_id: a Reject, should she remove this follower, must name this Follow (Mastodon ignores any other).
      `insert into public.fediverse_followers (language, actor_id, handle, name, inbox, shared_inbox, server, follow_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (language, actor_id) do update set handle = excluded.handle, name = excluded.name,
         inbox = excluded.inbox, shared_inbox = excluded.shared_inbox, follow_id = excluded.follow_id`,
      [language, followerId.href, handleOf(follower), textOf(follower.name) || null, inbox.href,
        follower.endpoints?.sharedInbox?.href ?? null, followerId.hostname, follow.id!.href],
    );
    await tx.query(
      `insert into private.fediverse_outbox (id, language, type, recipient_inbox, recipient_actor, body) values ($1, $2, 'Accept', $3, $4, $5::jsonb)`,
      [`urn:fediverse-${key}`, language, inbox.href, followerId.href, JSON.stringify(body)],
    );
    await tx.query(`insert into private.fediverse_deliveries (activity_id, inbox) values ($1, $2)`, [`urn:fediverse-${key}`, inbox.href]);
  });
}

async function onUndo(db: Database, ctx: InboxContext<void>, undo: Undo): Promise<void> {
  if (!undo.actorId || (await handledBefore(db, undo))) return;
  const actor = undo.actorId.href;
  const object = await undo.getObject(ctx);
  if (object instanceof Follow) {
    const language = accountOf(ctx, object.objectId);
    if (language) await once(db, undo, (tx) => tx.query(`delete from public.fediverse_followers where language = $1 and actor_id = $2`, [language, actor]));
  } else if (object instanceof Like || object instanceof Announce) {
    const post = postOf(ctx, object.objectId);
    const kind = object instanceof Like ? 'like' : 'boost';
    if (post) await once(db, undo, (tx) => tx.query(`delete from public.fediverse_reactions where post_id = $1 and kind = $2 and actor_id = $3`, [post, kind, actor]));
  }
}

async function onReaction(db: Database, ctx: InboxContext<void>, activity: Like | Announce): Promise<void> {
  const post = postOf(ctx, activity.objectId);
  if (!post || !activity.actorId || !activity.id || (await isBlocked(db, activity.actorId))) return;
  const row = [post, activity instanceof Like ? 'like' : 'boost', activity.actorId.href, activity.id.href];
  await once(db, activity, (tx) => tx.query(
    `insert into public.fediverse_reactions (post_id, kind, actor_id, activity_id)
     select $1, $2, $3, $4 where exists (select 1 from public.blog_posts where id = $1)
     on conflict do nothing`,
    row,
  ));
}

function noteUrl(note: Note): string | null {
  const url = note.url;
  if (url instanceof URL) return url.href;
  return url?.href?.href ?? note.id?.href ?? null;
}

async function onCreate(db: Database, ctx: InboxContext<void>, create: Create): Promise<void> {
  if (!create.actorId || (await isBlocked(db, create.actorId))) return;
  const note = await create.getObject(ctx);
  if (!(note instanceof Note) || !note.id || note.attributionId?.href !== create.actorId.href) return;
  const post = postOf(ctx, note.replyTargetId);
  if (!post || (await handledBefore(db, create))) return;
  const author = await create.getActor(ctx);
  const icon = author ? await author.getIcon() : null;
  const avatar = icon?.url instanceof URL ? icon.url.href : (icon?.url?.href?.href ?? null);
  const authorUrl = author?.url instanceof URL ? author.url.href : (author?.url?.href?.href ?? author?.id?.href ?? null);
  // The picture's address is kept aside: the worker copies it (avatar-copies.ts) before a reader sees it.
  const row = [post, note.id.href, noteUrl(note), create.actorId.href, author ? textOf(author.name) || null : null,
    author ? handleOf(author) : null, authorUrl, avatar, sanitiseReplyHtml(textOf(note.content)),
    note.published ? new Date(note.published.epochMilliseconds).toISOString() : new Date().toISOString()];
  await once(db, create, (tx) => tx.query(
    `insert into public.fediverse_replies (post_id, object_id, url, actor_id, author_name, author_handle, author_url, avatar_source, content, published)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 where exists (select 1 from public.blog_posts where id = $1)
     on conflict (object_id) do nothing`,
    row,
  ));
}

async function onUpdate(db: Database, ctx: InboxContext<void>, update: Update): Promise<void> {
  if (!update.actorId || (await handledBefore(db, update))) return;
  const note = await update.getObject(ctx);
  if (!(note instanceof Note) || !note.id) return;
  const row = [note.id.href, update.actorId.href, sanitiseReplyHtml(textOf(note.content))];
  await once(db, update, (tx) => tx.query(`update public.fediverse_replies set content = $3 where object_id = $1 and actor_id = $2`, row));
}

async function onDelete(db: Database, _ctx: InboxContext<void>, del: Delete): Promise<void> {
  if (!del.actorId || !del.objectId) return;
  const actor = del.actorId.href;
  const object = del.objectId.href;
  await once(db, del, async (tx) => {
    if (object === actor) {
      // The account itself is gone.
      await tx.query(`delete from public.fediverse_followers where actor_id = $1`, [actor]);
      await tx.query(`delete from public.fediverse_replies where actor_id = $1`, [actor]);
    } else {
      await tx.query(`delete from public.fediverse_replies where object_id = $1 and actor_id = $2`, [object, actor]);
    }
  });
}

export function listenToInbox(federation: Federation<void>, db: Database): void {
  federation
    .setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox')
    .on(Follow, (ctx, activity) => onFollow(db, ctx, activity))
    .on(Undo, (ctx, activity) => onUndo(db, ctx, activity))
    .on(Create, (ctx, activity) => onCreate(db, ctx, activity))
    .on(Update, (ctx, activity) => onUpdate(db, ctx, activity))
    .on(Delete, (ctx, activity) => onDelete(db, ctx, activity))
    .on(Like, (ctx, activity) => onReaction(db, ctx, activity))
    .on(Announce, (ctx, activity) => onReaction(db, ctx, activity));
}
