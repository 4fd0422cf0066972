/**
 * What her inbox does with an activity Fedify has verified (its HTTP
 * signature checked against the actor's key, the actor the key's owner):
 * Follow → a follower and a signed Accept queued; Undo → the follow, like or
 * boost withdrawn; Create of a Note replying to a post → a reply waiting for
 * her ("Respostas do fediverso"); Update/Delete of that Note by its author →
 * honoured; Like and Announce of a post → counted. Each activity is handled
 * once (private.fediverse_inbox, by its id); blocked servers and people are
 * ignored.
 */
import { randomUUID } from 'node:crypto';
import type { Federation, InboxContext } from '@fedify/fedify';
import { Accept, Announce, Article, Create, Delete, Follow, Like, Note, Undo, Update, type Activity, type Actor } from '@fedify/vocab';
import type { Database, Queryable } from '../db/database.ts';
import { isFediverseLanguage, type FediverseLanguage } from './accounts.ts';
import { fediversePaths } from './paths.ts';
import { sanitiseReplyHtml } from './reply-html.ts';

/** Records the activity; false when it was handled before (the same id delivered again). */
async function firstTime(db: Queryable, activity: Activity): Promise<boolean> {
  if (!activity.id || !activity.actorId) return false;
  const r = await db.query(
    `insert into private.fediverse_inbox (activity_id, type, actor_id) values ($1, $2, $3) on conflict do nothing returning 1`,
    [activity.id.href, activity.constructor.name, activity.actorId.href],
  );
  return r.rows.length === 1;
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
  if (!language || !follow.actorId || !(await firstTime(db, follow)) || (await isBlocked(db, follow.actorId))) return;
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
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into public.fediverse_followers (language, actor_id, handle, name, inbox, shared_inbox, server)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (language, actor_id) do update set handle = excluded.handle, name = excluded.name,
         inbox = excluded.inbox, shared_inbox = excluded.shared_inbox`,
      [language, followerId.href, handleOf(follower), textOf(follower.name) || null, inbox.href,
        follower.endpoints?.sharedInbox?.href ?? null, followerId.hostname],
    );
    await tx.query(
      `insert into private.fediverse_outbox (id, language, type, recipient_inbox, recipient_actor, body) values ($1, $2, 'Accept', $3, $4, $5::jsonb)`,
      [`urn:fediverse-${key}`, language, inbox.href, followerId.href, JSON.stringify(body)],
    );
    await tx.query(`insert into private.fediverse_deliveries (activity_id, inbox) values ($1, $2)`, [`urn:fediverse-${key}`, inbox.href]);
  });
}

async function onUndo(db: Database, ctx: InboxContext<void>, undo: Undo): Promise<void> {
  if (!undo.actorId || !(await firstTime(db, undo))) return;
  const object = await undo.getObject(ctx);
  if (object instanceof Follow) {
    const language = accountOf(ctx, object.objectId);
    if (language) await db.query(`delete from public.fediverse_followers where language = $1 and actor_id = $2`, [language, undo.actorId.href]);
  } else if (object instanceof Like || object instanceof Announce) {
    const post = postOf(ctx, object.objectId);
    const kind = object instanceof Like ? 'like' : 'boost';
    if (post) await db.query(`delete from public.fediverse_reactions where post_id = $1 and kind = $2 and actor_id = $3`, [post, kind, undo.actorId.href]);
  }
}

async function onReaction(db: Database, ctx: InboxContext<void>, activity: Like | Announce): Promise<void> {
  const post = postOf(ctx, activity.objectId);
  if (!post || !activity.actorId || !activity.id || (await isBlocked(db, activity.actorId)) || !(await firstTime(db, activity))) return;
  await db.query(
    `insert into public.fediverse_reactions (post_id, kind, actor_id, activity_id)
     select $1, $2, $3, $4 where exists (select 1 from public.blog_posts where id = $1)
     on conflict do nothing`,
    [post, activity instanceof Like ? 'like' : 'boost', activity.actorId.href, activity.id.href],
  );
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
  if (!post || !(await firstTime(db, create))) return;
  const author = await create.getActor(ctx);
  const icon = author ? await author.getIcon() : null;
  const avatar = icon?.url instanceof URL ? icon.url.href : (icon?.url?.href?.href ?? null);
  const authorUrl = author?.url instanceof URL ? author.url.href : (author?.url?.href?.href ?? author?.id?.href ?? null);
  await db.query(
    `insert into public.fediverse_replies (post_id, object_id, url, actor_id, author_name, author_handle, author_url, avatar_url, content, published)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 where exists (select 1 from public.blog_posts where id = $1)
     on conflict (object_id) do nothing`,
    [post, note.id.href, noteUrl(note), create.actorId.href, author ? textOf(author.name) || null : null,
      author ? handleOf(author) : null, authorUrl, avatar, sanitiseReplyHtml(textOf(note.content)),
      note.published ? new Date(note.published.epochMilliseconds).toISOString() : new Date().toISOString()],
  );
}

async function onUpdate(db: Database, ctx: InboxContext<void>, update: Update): Promise<void> {
  if (!update.actorId || !(await firstTime(db, update))) return;
  const note = await update.getObject(ctx);
  if (!(note instanceof Note) || !note.id) return;
  await db.query(
    `update public.fediverse_replies set content = $3 where object_id = $1 and actor_id = $2`,
    [note.id.href, update.actorId.href, sanitiseReplyHtml(textOf(note.content))],
  );
}

async function onDelete(db: Database, _ctx: InboxContext<void>, del: Delete): Promise<void> {
  if (!del.actorId || !del.objectId || !(await firstTime(db, del))) return;
  if (del.objectId.href === del.actorId.href) {
    // The account itself is gone.
    await db.query(`delete from public.fediverse_followers where actor_id = $1`, [del.actorId.href]);
    await db.query(`delete from public.fediverse_replies where actor_id = $1`, [del.actorId.href]);
    return;
  }
  await db.query(`delete from public.fediverse_replies where object_id = $1 and actor_id = $2`, [del.objectId.href, del.actorId.href]);
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
