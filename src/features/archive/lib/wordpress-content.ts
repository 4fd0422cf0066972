import { autop } from '@wordpress/autop';
import { attrs, fromMatch, regexp as shortcodeRegexp, type Shortcode, type ShortcodeAttrs } from '@wordpress/shortcode';
import { embedAddress } from './html-to-markdown';

/**
 * A WordPress post's stored content as the HTML WordPress itself would show
 * (what `the_content` does before a theme sees it), ready for
 * htmlToMarkdown: a URL alone on its line is an embed (oEmbed), shortcodes
 * are expanded ([caption], [gallery], [embed], [audio], [video] and the
 * common embed shortcodes) or, when unknown, give up their inner text, and
 * posts of the classic editor get WordPress's automatic paragraphs.
 */
export interface WordPressAttachment {
  id: string;
  url: string;
  alt: string | null;
  caption: string | null;
  /** The post it was uploaded to (a [gallery] without ids shows those). */
  parent: string;
  order: number;
}

export interface ContentContext {
  postId: string;
  attachments: ReadonlyMap<string, WordPressAttachment>;
}

export interface WordPressHtml {
  html: string;
  /** Shortcode names that were not understood, each once, in order. */
  unknownShortcodes: string[];
  /** Attachment ids a gallery names that the file does not hold. */
  missingAttachments: string[];
  /** Addresses of what WordPress embedded (a player, a tweet, a media file), now links. */
  embeds: string[];
}

export function wordPressHtml(content: string, context: ContentContext): WordPressHtml {
  const kept = new Kept();
  const state: ExpandState = { context, kept, unknown: new Set(), missing: new Set(), embeds: new Set() };
  // Code shows its text as written: no shortcodes, embeds or paragraphs inside <pre> and <code>.
  const text = content.replace(/\r\n?/g, '\n').replace(/<(pre|code)\b[^>]*>[\s\S]*?<\/\1>/gi, (match, tag: 'pre' | 'code') => kept.put(match, tag));
  let html = embedLines(expandShortcodes(text, state), state);
  html = html.replace(/\[\/([A-Za-z][\w-]*)\]/g, (tag, name: string) => (state.unknown.has(name.toLowerCase()) || HANDLED.has(name.toLowerCase()) ? '' : tag));
  // The block editor writes its own <p>; WordPress adds paragraphs only to the classic editor's text.
  if (!/<!--\s*wp:/.test(content)) html = paragraphs(html);
  // The parser remembers every attribute list it has read; an archive holds thousands.
  attrs.clear();
  return { html: kept.restore(html), unknownShortcodes: [...state.unknown], missingAttachments: [...state.missing], embeds: [...state.embeds] };
}

/**
 * WordPress's wpautop. Its JavaScript version lacks one rule of the PHP that
 * rendered the blog: a double line break after <hr>, so the text after a rule
 * on its line is a paragraph of its own.
 */
function paragraphs(html: string): string {
  return autop(html.replace(/(<hr\s*?\/?>)/g, '$1\n\n'));
}

/**
 * Finished HTML (code, and what shortcodes and embeds became) set aside
 * behind an empty tag of the kind it is (a block for autop, or inline),
 * so the steps after it leave it as it is; put back at the end.
 */
class Kept {
  private readonly parts: string[] = [];

  put(html: string, tag: 'pre' | 'code' | 'div' | 'span'): string {
    return `<${tag} data-kept="${this.parts.push(html) - 1}"></${tag}>`;
  }

  restore(html: string): string {
    const placeholder = /<(pre|code|div|span) data-kept="(\d+)"><\/\1>/g;
    let out = html;
    // What was kept may hold placeholders of its own (code inside a caption).
    while (placeholder.test(out)) out = out.replace(placeholder, (_, _tag, i: string) => this.parts[Number(i)] ?? '');
    return out;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A link to an embedded thing, named for its provider when known ("YouTube"), else by its address. */
function embedLink(address: string, embeds?: Set<string>): string {
  const { url, provider } = embedAddress(address);
  embeds?.add(url);
  return `<a href="${escapeHtml(url)}">${escapeHtml(provider ?? url)}</a>`;
}

/**
 * WordPress embeds a URL that stands alone on its line when it knows the
 * provider (its oEmbed rule); here it becomes a link, named for the provider,
 * and any other lone URL a link to itself.
 */
function embedLines(text: string, state: ExpandState): string {
  return text.replace(/^[ \t]*(https?:\/\/[^\s<>"]+)[ \t]*$/gm, (_, url: string) => {
    const embedded = embedAddress(url).provider ? state.embeds : undefined;
    return state.kept.put(`<p>${embedLink(url, embedded)}</p>`, 'div');
  });
}

// ---------------------------------------------------------------- shortcodes

interface ExpandState {
  context: ContentContext;
  kept: Kept;
  unknown: Set<string>;
  missing: Set<string>;
  embeds: Set<string>;
}

/** Shortcodes this reader turns into HTML. */
const HANDLED = new Set([
  'caption', 'wp_caption', 'gallery', 'embed', 'audio', 'video', 'playlist',
  'youtube', 'vimeo', 'dailymotion', 'soundcloud', 'spotify', 'tweet', 'twitter', 'instagram', 'googlemaps', 'wpvideo', 'videopress',
]);

/**
 * Any name a plugin could have registered, for WordPress's shortcode
 * regexp: without the plugins there is no list of names. The name ends at
 * a space, the closing bracket, a slash or = ("[http://…]" is no shortcode).
 */
const ANY_NAME = '[A-Za-z][\\w-]*(?=[\\s\\]/=])';

/**
 * WordPress treats only the shortcodes its plugins registered as shortcodes;
 * other bracketed words stay text ("[sic]", "[risos]", "[1]"). Without the
 * plugins, a bracket is taken for a shortcode when it is one of those above,
 * or it looks like one: it is closed later ([x]…[/x]), carries attributes,
 * closes itself, or its name has the _ or - of plugin names (contact-form-7,
 * vc_row); never when another bracket opens inside it.
 */
function looksLikeShortcode({ tag, type }: Shortcode, rawAttributes: string): boolean {
  if (HANDLED.has(tag.toLowerCase())) return true;
  if (rawAttributes.includes('[')) return false;
  return type !== 'single' || rawAttributes.includes('=') || /[_-]/.test(tag);
}

/** do_shortcode without the registry: WordPress's regexp and attribute parser, our guess at which brackets are shortcodes. */
function expandShortcodes(text: string, state: ExpandState): string {
  return text.replace(shortcodeRegexp(ANY_NAME), (...match: string[]) => {
    // The regexp's groups: 1 and 7 the brackets that escape, 2 the name, 3 the attributes as written.
    const [whole = '', escapeOpen = '', tag = '', rawAttributes = ''] = match;
    const escapeClose = match[7] ?? '';
    // [[name]] is WordPress's way to write a shortcode as text: kept, so its [/name] is not taken for a stray one.
    if (escapeOpen && escapeClose) return state.kept.put(whole.slice(1, -1), 'span');
    const shortcode = fromMatch(match);
    if (!looksLikeShortcode(shortcode, rawAttributes)) {
      // "[isto [gallery]": the bracket is text, what follows it may still hold a shortcode.
      return `[${expandShortcodes(whole.slice(1), state)}`;
    }
    return escapeOpen + expandOne(tag.toLowerCase(), shortcode.attrs, shortcode.content ?? '', state) + escapeClose;
  });
}

function expandOne(name: string, attributes: ShortcodeAttrs, content: string, state: ExpandState): string {
  switch (name) {
    case 'caption':
    case 'wp_caption':
      return block(caption(attributes, expandShortcodes(content, state)), state);
    case 'gallery':
      return block(gallery(attributes, state), state);
    case 'playlist':
      return block(galleryAttachments(attributes, state).map((a) => `<p>${embedLink(a.url, state.embeds)}</p>`).join('\n'), state);
    case 'embed':
    case 'audio':
    case 'video':
    case 'youtube':
    case 'vimeo':
    case 'dailymotion':
    case 'soundcloud':
    case 'spotify':
    case 'tweet':
    case 'twitter':
    case 'instagram':
    case 'googlemaps':
    case 'wpvideo':
    case 'videopress': {
      const url = embeddedAddress(name, attributes, content);
      return url ? block(`<p>${embedLink(url, state.embeds)}</p>`, state) : '';
    }
    default:
      state.unknown.add(name);
      return expandShortcodes(content, state);
  }
}

/** A shortcode's finished HTML, a block of its own between paragraphs. */
function block(html: string, state: ExpandState): string {
  return html ? `\n\n${state.kept.put(html, 'div')}\n\n` : '';
}

/** The address an embed shortcode points to: its src (or a media-type attribute), its content, or a video id. */
function embeddedAddress(name: string, { named, numeric }: ShortcodeAttrs, content: string): string | null {
  const candidates = [
    named.src, named.url, named.mp3, named.m4a, named.ogg, named.wav, named.flac, named.mp4, named.m4v, named.webm, named.ogv, named.mov,
    named[name], // Jetpack's [youtube=https://…]
    content.trim(),
    ...numeric,
  ];
  // Jetpack's [youtube=URL] reads as a numeric (positional) "=URL".
  const url = candidates.map((value) => value?.trim().replace(/^=/, '')).find((value) => value && /^https?:\/\//.test(value));
  if (url) return url;
  const id = numeric[0] ?? named.id;
  if (!id) return null;
  if (name === 'youtube' && /^[\w-]{6,}$/.test(id)) return `https://www.youtube.com/watch?v=${id}`;
  if (name === 'vimeo' && /^\d+$/.test(id)) return `https://vimeo.com/${id}`;
  if ((name === 'wpvideo' || name === 'videopress') && /^\w+$/.test(id)) return `https://videopress.com/v/${id}`;
  return null;
}

/** [caption]<a><img></a> Text[/caption]: the picture, then its caption as an italic line (figcaption). */
function caption({ named }: ShortcodeAttrs, content: string): string {
  const match = content.match(/^\s*((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)$/i);
  const image = match?.[1] ?? content;
  const text = (named.caption ?? match?.[2] ?? '').trim();
  return `<figure>${image}${text ? `<figcaption>${text}</figcaption>` : ''}</figure>`;
}

function galleryAttachments({ named }: ShortcodeAttrs, state: ExpandState): WordPressAttachment[] {
  const { attachments, postId } = state.context;
  const ids = (named.ids ?? named.include ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) {
    // No ids: the pictures uploaded to this post, in their menu order (WordPress's default).
    return [...attachments.values()].filter((a) => a.parent === postId && /\.(?:jpe?g|png|gif|webp|avif)(?:\?|$)/i.test(a.url)).sort((a, b) => a.order - b.order || Number(a.id) - Number(b.id));
  }
  const found: WordPressAttachment[] = [];
  for (const id of ids) {
    const attachment = attachments.get(id);
    if (attachment) found.push(attachment);
    else state.missing.add(id);
  }
  return found;
}

/** [gallery]: each picture (full size) with its caption. */
function gallery(attributes: ShortcodeAttrs, state: ExpandState): string {
  const figures = galleryAttachments(attributes, state).map((a) => {
    const caption = a.caption ? `<figcaption>${a.caption}</figcaption>` : '';
    return `<figure><img src="${escapeHtml(a.url)}" alt="${escapeHtml(a.alt ?? '')}">${caption}</figure>`;
  });
  return figures.join('\n');
}
