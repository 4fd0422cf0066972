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
  if (!/<!--\s*wp:/.test(content)) html = autop(html);
  return { html: kept.restore(html), unknownShortcodes: [...state.unknown], missingAttachments: [...state.missing], embeds: [...state.embeds] };
}

/**
 * Finished HTML (code, and what shortcodes and embeds became) set aside
 * behind an empty tag of the kind it is (a block for autop, or inline
 * code), so the steps after it leave it as it is; put back at the end.
 */
class Kept {
  private readonly parts: string[] = [];

  put(html: string, tag: 'pre' | 'code' | 'div'): string {
    return `<${tag} data-kept="${this.parts.push(html) - 1}"></${tag}>`;
  }

  restore(html: string): string {
    const placeholder = /<(pre|code|div) data-kept="(\d+)"><\/\1>/g;
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

type Attributes = { named: Record<string, string>; positional: string[] };

/** Shortcodes this reader turns into HTML. */
const HANDLED = new Set([
  'caption', 'wp_caption', 'gallery', 'embed', 'audio', 'video', 'playlist',
  'youtube', 'vimeo', 'dailymotion', 'soundcloud', 'spotify', 'tweet', 'twitter', 'instagram', 'googlemaps', 'wpvideo', 'videopress',
]);

const OPENING = /\[(\[?)([A-Za-z][\w-]*)(?=[\s\]/=])([^\]]*?)(\/?)\](\]?)/g;

/**
 * WordPress treats only the shortcodes its plugins registered as shortcodes;
 * other bracketed words stay text ("[sic]", "[risos]", "[1]"). Without the
 * plugins, a bracket is taken for a shortcode when it is one of those above,
 * or it looks like one: it is closed later ([x]…[/x]), carries attributes,
 * closes itself, or its name has the _ or - of plugin names (contact-form-7,
 * vc_row).
 */
function looksLikeShortcode(name: string, attributes: string, selfClosing: boolean, closed: boolean): boolean {
  return HANDLED.has(name.toLowerCase()) || closed || selfClosing || /[=]/.test(attributes) || /[_-]/.test(name);
}

function expandShortcodes(text: string, state: ExpandState): string {
  let out = '';
  let from = 0;
  OPENING.lastIndex = 0;
  for (let match = OPENING.exec(text); match; match = OPENING.exec(text)) {
    const [whole, escapeOpen, name, rawAttributes, slash, escapeClose] = match as unknown as [string, string, string, string, string, string];
    const start = match.index;
    const closeTag = `[/${name}]`;
    const closeAt = slash ? -1 : text.indexOf(closeTag, start + whole.length);
    const closed = closeAt >= 0;
    if (!looksLikeShortcode(name, rawAttributes, Boolean(slash), closed)) {
      OPENING.lastIndex = start + 1;
      continue;
    }
    const end = closed ? closeAt + closeTag.length + (escapeOpen && text[closeAt + closeTag.length] === ']' ? 1 : 0) : start + whole.length;
    out += text.slice(from, start);
    if (escapeOpen && (escapeClose || closed)) {
      // [[name]] is WordPress's way to write a shortcode as text.
      out += text.slice(start + 1, end - 1);
    } else {
      const content = closed ? text.slice(start + whole.length, closeAt) : '';
      out += expandOne(name.toLowerCase(), parseAttributes(rawAttributes), content, state);
    }
    from = end;
    OPENING.lastIndex = end;
  }
  return out + text.slice(from);
}

/** WordPress's shortcode attribute syntax: name="v", name='v', name=v, and positional "v" or v. */
function parseAttributes(raw: string): Attributes {
  const named: Record<string, string> = {};
  const positional: string[] = [];
  const pattern = /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"([^"]*)"(?:\s|$)|'([^']*)'(?:\s|$)|(\S+)(?:\s|$)/g;
  const text = raw.replace(/[\u00a0\u200b]/g, ' ');
  for (const m of text.matchAll(pattern)) {
    if (m[1] !== undefined) named[m[1].toLowerCase()] = m[2] ?? '';
    else if (m[3] !== undefined) named[m[3].toLowerCase()] = m[4] ?? '';
    else if (m[5] !== undefined) named[m[5].toLowerCase()] = m[6] ?? '';
    else positional.push(m[7] ?? m[8] ?? m[9] ?? '');
  }
  return { named, positional };
}

function expandOne(name: string, attributes: Attributes, content: string, state: ExpandState): string {
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
function embeddedAddress(name: string, { named, positional }: Attributes, content: string): string | null {
  const candidates = [
    named.src, named.url, named.mp3, named.m4a, named.ogg, named.wav, named.flac, named.mp4, named.m4v, named.webm, named.ogv, named.mov,
    named[name], // Jetpack's [youtube=https://…]
    content.trim(),
    ...positional,
  ];
  // Jetpack's [youtube=URL] reads as a positional "=URL".
  const url = candidates.map((value) => value?.trim().replace(/^=/, '')).find((value) => value && /^https?:\/\//.test(value));
  if (url) return url;
  const id = positional[0] ?? named.id;
  if (!id) return null;
  if (name === 'youtube' && /^[\w-]{6,}$/.test(id)) return `https://www.youtube.com/watch?v=${id}`;
  if (name === 'vimeo' && /^\d+$/.test(id)) return `https://vimeo.com/${id}`;
  if ((name === 'wpvideo' || name === 'videopress') && /^\w+$/.test(id)) return `https://videopress.com/v/${id}`;
  return null;
}

/** [caption]<a><img></a> Text[/caption]: the picture, then its caption as an italic line (figcaption). */
function caption({ named }: Attributes, content: string): string {
  const match = content.match(/^\s*((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)$/i);
  const image = match?.[1] ?? content;
  const text = (named.caption ?? match?.[2] ?? '').trim();
  return `<figure>${image}${text ? `<figcaption>${text}</figcaption>` : ''}</figure>`;
}

function galleryAttachments({ named }: Attributes, state: ExpandState): WordPressAttachment[] {
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
function gallery(attributes: Attributes, state: ExpandState): string {
  const figures = galleryAttachments(attributes, state).map((a) => {
    const caption = a.caption ? `<figcaption>${a.caption}</figcaption>` : '';
    return `<figure><img src="${escapeHtml(a.url)}" alt="${escapeHtml(a.alt ?? '')}">${caption}</figure>`;
  });
  return figures.join('\n');
}

// ---------------------------------------------------------------- automatic paragraphs

const BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

/**
 * WordPress's wpautop, as its PHP does it: a blank line ends a paragraph,
 * a single newline is a line break, block-level tags are left out of
 * paragraphs. (<pre> and <code> are already set aside by the caller.)
 */
export function autop(input: string): string {
  if (!input.trim()) return '';
  let text = `${input}\n`;
  text = text.replace(/<br\s*\/?>\s*<br\s*\/?>/gi, '\n\n');
  text = text.replace(new RegExp(`(<${BLOCKS}[\\s/>])`, 'gi'), '\n\n$1');
  text = text.replace(new RegExp(`(</${BLOCKS}>)`, 'gi'), '$1\n\n');
  text = text.replace(/(<hr\s*?\/?>)/gi, '$1\n\n');
  // Newlines inside a tag (between attributes) are not line breaks.
  text = text.replace(/<[^<>]*>/g, (tag) => tag.replace(/\n/g, ' '));
  text = text.replace(/\n\n+/g, '\n\n');
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  text = paragraphs.map((p) => `<p>${p.replace(/^\n+|\n+$/g, '')}</p>\n`).join('');
  text = text.replace(/<p>\s*<\/p>/g, '');
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/gi, '<p>$1</p></$2>');
  text = text.replace(new RegExp(`<p>\\s*(</?${BLOCKS}[^>]*>)\\s*</p>`, 'gi'), '$1');
  text = text.replace(/<p>(<li.+?)<\/p>/gi, '$1');
  text = text.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>');
  text = text.replace(/<\/blockquote><\/p>/gi, '</p></blockquote>');
  text = text.replace(new RegExp(`<p>\\s*(</?${BLOCKS}[^>]*>)`, 'gi'), '$1');
  text = text.replace(new RegExp(`(</?${BLOCKS}[^>]*>)\\s*</p>`, 'gi'), '$1');
  text = text.replace(/<br\s*\/?>/gi, '<br />');
  text = text.replace(/(?<!<br \/>)\s*\n/g, '<br />\n');
  text = text.replace(new RegExp(`(</?${BLOCKS}[^>]*>)\\s*<br />`, 'gi'), '$1');
  text = text.replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/gi, '$1');
  return text.replace(/\n<\/p>$/, '</p>');
}
