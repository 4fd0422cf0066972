/**
 * A post as the fediverse reads it: an ActivityPub Article with what
 * Mastodon shows for one (name + summary + link), the full text as the
 * site's own Markdown renders it (safe by construction:
 * src/features/posts/lib/markdown; its classes dropped), its language, permalink, cover and its
 * description, dates and category as a Hashtag; addressed to Public with her
 * followers in cc. Its dated corrections follow the text, as on the page: a
 * follower who gets the Update of a corrected post reads what was corrected.
 */
import { Article, Hashtag, Image, PUBLIC_COLLECTION, Tombstone } from '@fedify/vocab';
import { LanguageString } from '@fedify/vocab-runtime';
import { Temporal } from '@js-temporal/polyfill';
import { fromHtml } from 'hast-util-from-html';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import type { Element } from 'hast';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown } from '../../src/features/posts/lib/markdown/markdown.tsx';
import { formatLongDate } from '../../src/lib/dates.ts';
import { t } from '../../src/lib/i18n.ts';
import type { Queryable } from '../db/database.ts';
import type { FediverseLanguage } from './accounts.ts';
import { fediversePaths } from './paths.ts';

export interface PostRow {
  id: string;
  language: FediverseLanguage;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string | null;
  category: string | null;
  image_url: string | null;
  image_alt: string | null;
  date: string | Date;
  edited: string | Date;
  /** Its public corrections, oldest first. */
  corrections: { note: string; created_at: string }[];
}

/** A PostRow's columns, from public.blog_posts as p. */
export const POST_COLUMNS = `p.id, p.language, p.slug, p.title, p.excerpt, p.content, p.category, p.image_url, p.image_alt,
  p.date, coalesce(p.revised_at, p.updated_at, p.date) as edited,
  coalesce((select json_agg(json_build_object('note', c.note, 'created_at', c.created_at) order by c.created_at, c.id)
              from public.blog_post_corrections c where c.post_id = p.id), '[]'::json) as corrections`;

/** The post if a visitor may read it now (published, its time come). */
export async function readPublicPost(db: Queryable, id: string): Promise<PostRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const r = await db.query<PostRow>(
    `select ${POST_COLUMNS} from public.blog_posts p where p.id = $1 and p.published and p.date <= public.site_now()`, [id]);
  return r.rows[0] ?? null;
}

/** Whether the post was announced and then withdrawn (its address answers 410). */
export async function wasWithdrawn(db: Queryable, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const r = await db.query(`select 1 from private.fediverse_posts where post_id = $1 and deleted_at is not null`, [id]);
  return r.rows.length > 0;
}

const instant = (value: string | Date) => Temporal.Instant.from(new Date(value).toISOString());

/** A category as a hashtag: its words joined, each capitalised ("Relações com Mídia" → #RelaçõesComMídia). */
export function hashtagName(category: string): string {
  return category
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word[0]!.toLocaleUpperCase() + word.slice(1))
    .join('');
}

/** The page's rendering of the text, without the page's styling (classes): GitHub's schema (hast-util-sanitize's default) keeps the structure only. */
export function postHtml(markdown: string): string {
  const html = renderToStaticMarkup(createElement(Markdown, { text: markdown }));
  return toHtml(sanitize(fromHtml(html, { fragment: true })));
}

/** The corrections as the page ends with them: "Correção (24 de novembro de 2026): …", a paragraph each. */
export function correctionsHtml(corrections: PostRow['corrections'], language: FediverseLanguage): string {
  const label = t(language).post.correction;
  return corrections
    .map(({ note, created_at }): Element => ({
      type: 'element', tagName: 'p', properties: {},
      children: [
        { type: 'element', tagName: 'strong', properties: {}, children: [{ type: 'text', value: label(formatLongDate(created_at, language)) }] },
        { type: 'text', value: ` ${note}` },
      ],
    }))
    .map((p) => toHtml(p))
    .join('');
}

export function postArticle(post: PostRow, origin: string): Article {
  const paths = fediversePaths(origin);
  const html = postHtml(post.content ?? '') + correctionsHtml(post.corrections ?? [], post.language);
  const cover = post.image_url
    ? new Image({ url: new URL(post.image_url, origin), name: post.image_alt ?? null })
    : null;
  const tag = post.category ? hashtagName(post.category) : '';
  return new Article({
    id: paths.post(post.id),
    attribution: paths.actor(post.language),
    name: post.title,
    summary: post.excerpt ?? null,
    contents: [html, new LanguageString(html, post.language)],
    url: paths.permalink(post.language, post.slug),
    image: cover,
    attachments: cover ? [new Image({ url: cover.url, name: post.image_alt ?? null, mediaType: null })] : [],
    published: instant(post.date),
    // An edit, not the save that made it (a second apart at most).
    updated: new Date(post.edited).getTime() - new Date(post.date).getTime() > 1000 ? instant(post.edited) : null,
    tags: tag ? [new Hashtag({ name: `#${tag}`, href: new URL(`/${post.language}?category=${encodeURIComponent(post.category!)}`, origin) })] : [],
    to: PUBLIC_COLLECTION,
    cc: paths.followers(post.language),
  });
}

export function postTombstone(id: string, origin: string): Tombstone {
  return new Tombstone({ id: fediversePaths(origin).post(id), deleted: Temporal.Now.instant() });
}
