import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Language } from '../../../lib/language';
import { plainText } from '../../posts/lib/markdown/plain-text';
import { htmlToMarkdown, htmlToText } from './html-to-markdown';
import { ArchiveError, type ArchivePlan, type ArchiveWarning, type PlannedImage, type PlannedPost, type PlannedStatus, type SkippedItem } from './plan';
import { firstParagraphExcerpt, readTimeOf, sourceSlug } from './post-text';
import { wordPressHtml, type WordPressAttachment } from './wordpress-content';
import type { ZipReader } from './zip';

/**
 * A WordPress export (Tools → Export: WXR, RSS 2.0 with the wp:, content:,
 * excerpt: and dc: namespaces) as an ArchivePlan. Posts are taken with
 * their dates, status, categories, cover and body (as Markdown); pages,
 * menu items, attachments, revisions and other types, and private, trashed
 * and automatic drafts, are listed as skipped with the reason.
 */
export function readWordPress(xml: string, fileName: string, zip?: ZipReader): ArchivePlan {
  const channel = readChannel(xml);
  const items = list(channel.item);
  if (items.length === 0) throw new ArchiveError('empty', 'a WordPress export with no <item>');
  const site = {
    url: text(channel['wp:base_blog_url']) || text(channel['wp:base_site_url']) || text(channel.link),
    exported: rfc822Date(text(channel.pubDate)),
  };
  const attachments = readAttachments(items);
  const images = new ImageList(zip);
  const posts: PlannedPost[] = [];
  const skipped: SkippedItem[] = [];
  const warnings: ArchiveWarning[] = [];
  let comments = 0;

  for (const item of items) {
    comments += list(item['wp:comment']).length;
    const read = readItem(item, site, attachments);
    if ('reason' in read) {
      skipped.push(read);
      continue;
    }
    posts.push(read.post);
    for (const message of read.warnings) warnings.push({ item: read.post.title, message });
    for (const url of read.images) images.add(url);
  }
  if (comments > 0) warnings.push({ item: fileName, message: `${comments} ${comments === 1 ? 'comentário não importado' : 'comentários não importados'} (o site não tem comentários).` });

  const plan: ArchivePlan = { source: 'wordpress', fileName, posts, skipped, warnings, images: images.planned };
  if (zip) plan.readEntry = (entry) => zip.read(entry);
  return plan;
}

// ---------------------------------------------------------------- the XML

type Node = Record<string, unknown>;

const REPEATED = new Set(['item', 'category', 'wp:postmeta', 'wp:comment', 'wp:category', 'wp:tag', 'wp:term', 'wp:author']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  // XML's own references (&amp;, &#8217;) and the HTML names older exports leave in titles (&nbsp;).
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => REPEATED.has(name),
});

function readChannel(xml: string): Node {
  if (!xml.trim()) throw new ArchiveError('empty', 'empty file');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    const where = [line && `line ${line}`, col && `column ${col}`].filter(Boolean).join(', ');
    throw new ArchiveError('malformed_xml', where ? `${where}: ${msg}` : msg);
  }
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch (error) {
    throw new ArchiveError('malformed_xml', error instanceof Error ? error.message : String(error));
  }
  const rss = document.rss as Node | undefined;
  const channel = (rss && typeof rss === 'object' ? rss.channel : undefined) as Node | undefined;
  const namespace = rss && typeof rss === 'object' ? String(rss['@_xmlns:wp'] ?? '') : '';
  const isWxr = channel && typeof channel === 'object' && (namespace.includes('wordpress.org/export/') || 'wp:wxr_version' in channel);
  if (!isWxr) {
    const root = Object.keys(document).find((key) => !key.startsWith('?') && !key.startsWith('#')) ?? '';
    throw new ArchiveError('unknown_format', `XML, but not a WordPress export (WXR): root <${root}>`);
  }
  return channel;
}

/** A field's text, whatever shape the parser gave it (text, CDATA, an element with attributes, repeated). */
function text(value: unknown): string {
  if (Array.isArray(value)) return text(value[0]);
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return text((value as Node)['#text']);
  return String(value).trim();
}

function list(value: unknown): Node[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is Node => typeof v === 'object' && v !== null);
}

function meta(item: Node): Map<string, string> {
  const values = new Map<string, string>();
  for (const entry of list(item['wp:postmeta'])) {
    const key = text(entry['wp:meta_key']);
    if (key && !values.has(key)) values.set(key, text(entry['wp:meta_value']));
  }
  return values;
}

function readAttachments(items: Node[]): Map<string, WordPressAttachment> {
  const attachments = new Map<string, WordPressAttachment>();
  for (const item of items) {
    if (text(item['wp:post_type']) !== 'attachment') continue;
    const id = text(item['wp:post_id']);
    const url = text(item['wp:attachment_url']) || text(item.guid);
    if (!id || !url) continue;
    const values = meta(item);
    attachments.set(id, {
      id,
      url,
      alt: htmlToText(values.get('_wp_attachment_image_alt') ?? '') || null,
      caption: text(item['excerpt:encoded']) || null,
      parent: text(item['wp:post_parent']),
      order: Number(text(item['wp:menu_order'])) || 0,
    });
  }
  return attachments;
}

// ---------------------------------------------------------------- one item

const SKIPPED_TYPES: Record<string, string> = {
  page: 'Página, não post: não importada.',
  attachment: 'Anexo (arquivo de mídia): não é um post; as imagens vêm com os posts que as usam.',
  nav_menu_item: 'Item de menu: não importado.',
  revision: 'Revisão de um post: não importada.',
};

const SKIPPED_STATUSES: Record<string, string> = {
  private: 'Post privado: não importado.',
  trash: 'Post na lixeira: não importado.',
  'auto-draft': 'Rascunho automático do WordPress: não importado.',
  inherit: 'Revisão de um post: não importada.',
};

const STATUSES: Record<string, PlannedStatus> = { publish: 'published', future: 'scheduled', draft: 'draft', pending: 'draft' };

interface Site {
  url: string;
  exported: string | null;
}

/**
 * A post's key across imports: the blog's address (host and path, without
 * the scheme) and the post id, since every WordPress site has its own
 * "post 5" and two blogs imported here must not overwrite each other.
 */
function originKey(site: Site, id: string): string {
  try {
    const address = new URL(site.url);
    return `${address.host.toLowerCase()}${address.pathname.replace(/\/+$/, '')}/${id}`;
  } catch {
    return id;
  }
}

type ItemResult = SkippedItem | { post: PlannedPost; warnings: string[]; images: string[] };

function readItem(item: Node, site: Site, attachments: ReadonlyMap<string, WordPressAttachment>): ItemResult {
  const id = text(item['wp:post_id']);
  const rawTitle = htmlToText(text(item.title));
  const type = text(item['wp:post_type']) || 'post';
  const status = text(item['wp:status']);
  const skip = (kind: string, reason: string): SkippedItem => ({ title: rawTitle || `(sem título, id ${id})`, kind, reason });

  if (type !== 'post') return skip(type, SKIPPED_TYPES[type] ?? `Conteúdo do tipo "${type}", não post: não importado.`);
  if (SKIPPED_STATUSES[status]) return skip(status, SKIPPED_STATUSES[status]);
  let planned = STATUSES[status];
  if (!planned) return skip(status || 'post', `Estado "${status}" desconhecido: não importado.`);

  const warnings: string[] = [];
  const date = postDate(item, planned, site, warnings);
  if (!date) return skip('post', 'Post sem data: não importado.');
  if (text(item['wp:post_password'])) {
    // WordPress showed it only to who had the password: it is not made public here.
    planned = 'draft';
    warnings.push('Post protegido por senha: importado como rascunho.');
  }

  const url = text(item.link) || null;
  const converted = wordPressHtml(text(item['content:encoded']), { postId: id, attachments });
  const body = htmlToMarkdown(converted.html, { baseUrl: url ?? (site.url || undefined) });
  warnings.push(...converted.embeds.map((embed) => `Conteúdo incorporado mantido como link: ${embed}`), ...body.warnings);
  if (converted.unknownShortcodes.length) {
    warnings.push(`Shortcodes desconhecidos removidos, texto mantido: ${converted.unknownShortcodes.map((name) => `[${name}]`).join(', ')}.`);
  }
  if (converted.missingAttachments.length) {
    warnings.push(`Galeria com imagens que não estão no arquivo (anexos ${converted.missingAttachments.join(', ')}).`);
  }

  const cover = coverOf(item, attachments, warnings);
  const excerptHtml = text(item['excerpt:encoded']);
  const excerpt = (excerptHtml && plainText(htmlToMarkdown(excerptHtml).markdown)) || firstParagraphExcerpt(body.markdown);
  let title = rawTitle;
  if (!title) {
    title = untitled(body.markdown);
    warnings.push('Post sem título: o título é o começo do texto.');
  }
  const categories = list(item.category);
  const post: PlannedPost = {
    origin: { source: 'wordpress', id: originKey(site, id), url },
    language: languageOf(categories),
    title,
    excerpt,
    content: body.markdown,
    sourceCategories: unique(categories.filter((c) => c['@_domain'] === 'category').map((c) => htmlToText(text(c)))),
    date,
    status: planned,
    slug: sourceSlug(text(item['wp:post_name'])),
    readTime: readTimeOf(body.markdown),
    imageUrl: cover?.url ?? null,
    imageAlt: cover?.alt ?? null,
  };
  return { post, warnings, images: cover ? [...body.images, cover.url] : body.images };
}

function coverOf(item: Node, attachments: ReadonlyMap<string, WordPressAttachment>, warnings: string[]): WordPressAttachment | null {
  const id = meta(item).get('_thumbnail_id');
  if (!id) return null;
  const attachment = attachments.get(id);
  if (!attachment) warnings.push(`Imagem de capa não está no arquivo (anexo ${id}).`);
  return attachment ?? null;
}

/** Polylang's language term (pt, pt-br, en, en_US …), when it names one of the site's two. */
function languageOf(categories: Node[]): Language | null {
  for (const category of categories) {
    if (category['@_domain'] !== 'language') continue;
    const code = (String(category['@_nicename'] ?? '') || text(category)).toLowerCase().split(/[-_]/)[0];
    if (code === 'pt' || code === 'en') return code;
  }
  return null;
}

function untitled(markdown: string): string {
  const words = (firstParagraphExcerpt(markdown) ?? '').replace(/…$/, '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Sem título';
  return words.length > 8 ? `${words.slice(0, 8).join(' ')}…` : words.join(' ');
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}

// ---------------------------------------------------------------- dates

/**
 * The post's date, in UTC as WordPress keeps it (post_date_gmt). Drafts have
 * `0000-00-00 00:00:00` there: their local post_date, else the item's
 * pubDate, else the export's date. A published or scheduled post without
 * its GMT date takes the local one as UTC, with a warning (the export does
 * not say the site's time zone).
 */
function postDate(item: Node, status: PlannedStatus, site: Site, warnings: string[]): string | null {
  const gmt = wordPressDate(text(item['wp:post_date_gmt']));
  if (gmt) return gmt;
  const local = wordPressDate(text(item['wp:post_date']));
  if (status !== 'draft') {
    if (local) warnings.push('Data sem fuso (GMT) no arquivo: a hora local do WordPress foi tomada como UTC.');
    return local;
  }
  return local ?? rfc822Date(text(item.pubDate)) ?? site.exported;
}

/** 'YYYY-MM-DD HH:MM:SS' (UTC) as ISO 8601; null for WordPress's empty 0000-00-00 or anything not a real date. */
function wordPressDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real = year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  return real ? date.toISOString() : null;
}

/** RSS's RFC 822 dates; null for WordPress's "Mon, 30 Nov -0001 00:00:00 +0000" of undated drafts. */
function rfc822Date(value: string): string | null {
  if (!/^(?:[A-Za-z]{3}, )?\d{1,2} [A-Za-z]{3} \d{4} \d{2}:\d{2}(?::\d{2})? (?:[+-]\d{4}|[A-Z]{1,3})$/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) || new Date(time).getUTCFullYear() < 1900 ? null : new Date(time).toISOString();
}

// ---------------------------------------------------------------- images

/**
 * Every image the posts use, once, in order of first use, with its entry
 * in the zip when the zip carries the uploads: a file whose path ends with
 * the address's path from `uploads/` on (wp-content/uploads/2020/01/a.jpg).
 */
class ImageList {
  readonly planned: PlannedImage[] = [];
  private readonly seen = new Set<string>();
  private readonly uploads = new Map<string, string>();

  constructor(zip?: ZipReader) {
    for (const name of zip?.names ?? []) {
      const key = uploadsPath(name);
      if (key && !this.uploads.has(key)) this.uploads.set(key, name);
    }
  }

  add(url: string): void {
    if (this.seen.has(url)) return;
    this.seen.add(url);
    let path = url;
    try {
      path = decodeURIComponent(new URL(url, 'https://site.invalid/').pathname);
    } catch {
      // an address that does not decode matches nothing in the zip
    }
    const key = uploadsPath(path);
    this.planned.push({ url, entry: (key && this.uploads.get(key)) ?? null });
  }
}

/** The part of a path from its uploads/ folder on, or null when it has none. */
function uploadsPath(path: string): string | null {
  if (path.startsWith('uploads/')) return path;
  const at = path.indexOf('/uploads/');
  return at >= 0 ? path.slice(at + 1) : null;
}
