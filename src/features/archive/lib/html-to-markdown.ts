import type { Element, ElementContent, Nodes as HastNodes, Root as HastRoot } from 'hast';
import type { Nodes as MdastNodes, Parents as MdastParents, PhrasingContent, Root as MdastRoot } from 'mdast';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';

/**
 * HTML of another platform's post (WordPress, Substack, Medium) as this
 * site's Markdown, through unified (rehype-parse → rehype-remark →
 * remark-gfm → remark-stringify): headings, emphasis, links, nested lists,
 * quotes, images, code, GFM tables, rules and line breaks. What has no
 * place in a post is dropped before the conversion: comments (the block
 * editor's `<!-- wp:… -->`), scripts, styles, forms, tracking pixels,
 * elements that hold no text (svg, canvas, object …). Embeds (iframes,
 * video, audio) become links. The result never holds raw HTML: the
 * conversion makes none, and text that looks like a tag is escaped.
 */
export interface ConvertedHtml {
  markdown: string;
  /** Image addresses in order of first use, each once, exactly as written in the Markdown. */
  images: string[];
  /** In Portuguese, one per kind of thing dropped or changed. */
  warnings: string[];
}

export interface HtmlToMarkdownOptions {
  baseUrl?: string;
  /**
   * Pictures left out of the Markdown (with a link that held only them): an
   * archived clip's copy keeps no picture of the outlet's, whose address
   * would make every reader's browser call the outlet (decision 291).
   */
  dropImages?: boolean;
}

export function htmlToMarkdown(html: string, options: HtmlToMarkdownOptions = {}): ConvertedHtml {
  const warnings = new Set<string>();
  const hast = htmlParser.parse(html);
  cleanHtml(hast, { baseUrl: options.baseUrl, warn: (message) => warnings.add(message) });
  const mdast = markdownWriter.runSync(hast) as MdastRoot;
  const images = tidyMarkdown(mdast, options.dropImages === true);
  const markdown = markdownWriter.stringify(mdast).trim();
  return { markdown, images, warnings: [...warnings] };
}

/** The text of an HTML fragment (a WordPress title, a caption): tags dropped, references decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  const hast = htmlParser.parse(html);
  const parts: string[] = [];
  const walk = (node: HastNodes) => {
    if (node.type === 'text') parts.push(node.value);
    else if (node.type === 'element' && DROPPED.has(node.tagName)) return;
    else if (node.type === 'element' || node.type === 'root') node.children.forEach(walk);
  };
  walk(hast);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

const htmlParser = unified().use(rehypeParse, { fragment: true }).freeze();

/**
 * A line break is a plain newline: the renderer reads Markdown with
 * `breaks`, so that is what she would type in the editor (a trailing `\`
 * would look like a stray character there). Where a newline cannot go
 * (table cells, headings), a space, as remark-stringify's own rule says.
 */
const lineBreak: NonNullable<StringifyOptions['handlers']>['break'] = (_node, _parent, state, info) => {
  const inScope = (list: string | string[] | null | undefined, none: boolean) => {
    const names = typeof list === 'string' ? [list] : (list ?? []);
    return names.length === 0 ? none : names.some((name) => state.stack.includes(name as never));
  };
  const noNewline = state.unsafe.some(
    (pattern) =>
      pattern.character === '\n' &&
      !pattern.before &&
      !pattern.after &&
      inScope(pattern.inConstruct, true) &&
      !inScope(pattern.notInConstruct, false),
  );
  if (noNewline) return /[\t ]/.test(info.before) ? '' : ' ';
  return '\n';
};

const markdownWriter = unified()
  .use(rehypeRemark)
  .use(remarkGfm)
  .use(remarkStringify, {
    bullet: '-',
    listItemIndent: 'one',
    rule: '-',
    fences: true,
    handlers: { break: lineBreak },
  })
  .freeze();

// ---------------------------------------------------------------- the HTML, cleaned

interface CleanContext {
  baseUrl: string | undefined;
  warn: (message: string) => void;
}

/** Elements dropped with all they hold: code, page furniture, forms, and elements whose content is not text. */
const DROPPED = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'base',
  'form', 'button', 'input', 'select', 'textarea', 'option', 'optgroup', 'datalist', 'label', 'output', 'progress', 'meter', 'dialog',
  'svg', 'canvas', 'math', 'object', 'embed', 'applet', 'map', 'area', 'param', 'frame', 'frameset', 'noframes', 'noembed',
]);
const FORM_PARTS = new Set(['form', 'button', 'input', 'select', 'textarea', 'label']);
const NOT_TEXT = new Set(['svg', 'canvas', 'math', 'object', 'embed', 'applet', 'map']);

function cleanHtml(root: HastRoot, context: CleanContext): void {
  const clean = (parent: HastRoot | Element) => {
    const kept: ElementContent[] = [];
    for (const child of parent.children) {
      if (child.type === 'comment' || child.type === 'doctype') continue;
      if (child.type !== 'element') {
        kept.push(child);
        continue;
      }
      const replaced = cleanElement(child, context, parent.type === 'root' || FLOW.has(parent.tagName));
      if (!replaced) continue;
      if (replaced.type === 'element') clean(replaced);
      kept.push(replaced);
    }
    parent.children = kept;
  };
  clean(root);
}

/** Containers of blocks: an embed there is a paragraph of its own, not a link run into its neighbours. */
const FLOW = new Set(['div', 'figure', 'section', 'article', 'aside', 'main', 'header', 'footer', 'center', 'blockquote', 'li', 'dd', 'td', 'th', 'details']);

function cleanElement(element: Element, context: CleanContext, inFlow: boolean): ElementContent | null {
  const { tagName } = element;
  if (DROPPED.has(tagName)) {
    if (FORM_PARTS.has(tagName)) context.warn('Formulário ou botão removido do texto.');
    else if (NOT_TEXT.has(tagName)) context.warn(`Elemento sem texto (<${tagName}>) removido.`);
    return null;
  }
  switch (tagName) {
    case 'img':
      return cleanImage(element, context);
    case 'a':
      return cleanLink(element, context);
    case 'iframe':
    case 'video':
    case 'audio': {
      const link = embedAsLink(element, context);
      return link && inFlow ? { type: 'element', tagName: 'p', properties: {}, children: [link] } : link;
    }
    case 'figcaption':
      // A caption reads as an italic line under its picture (as WordPress's [caption] does here).
      return { type: 'element', tagName: 'p', properties: {}, children: [{ ...element, tagName: 'em', properties: {} }] };
    default:
      return element;
  }
}

function attribute(element: Element, name: string): string {
  const value = element.properties[name];
  if (value === undefined || value === null || value === false) return '';
  return Array.isArray(value) ? value.join(' ') : String(value);
}

function cleanImage(element: Element, context: CleanContext): Element | null {
  // Lazy-loading plugins leave a placeholder (often a data: GIF) in src and the picture in data-src.
  let src = attribute(element, 'src').trim();
  if (!src || src.startsWith('data:')) {
    const lazy = ['dataSrc', 'dataLazySrc', 'dataOrigFile', 'dataSrcset', 'srcSet']
      .map((name) => attribute(element, name).trim().split(/\s+/)[0] ?? '')
      .find((value) => value && !value.startsWith('data:'));
    if (lazy) src = lazy;
  }
  if (src.startsWith('data:')) {
    context.warn('Imagem embutida no HTML (data:) removida.');
    return null;
  }
  const url = safeUrl(src, context.baseUrl, IMAGE_PROTOCOLS);
  if (!url || isTrackingPixel(element, url)) return null;
  const properties: Element['properties'] = { src: url, alt: attribute(element, 'alt') };
  const title = attribute(element, 'title');
  if (title) properties.title = title;
  return { ...element, properties, children: [] };
}

function cleanLink(element: Element, context: CleanContext): Element {
  const raw = attribute(element, 'href').trim();
  const href = raw.startsWith('#') ? markdownSafe(raw) : safeUrl(raw, context.baseUrl, LINK_PROTOCOLS);
  if (!href) return { ...element, tagName: 'span', properties: {} };
  // A picture linked to its own file ("link to media file"): the picture alone, so no link is left to the old site's copy.
  const [only, ...more] = element.children.filter((child) => !(child.type === 'text' && !child.value.trim()));
  if (!more.length && only?.type === 'element' && only.tagName === 'img' && IMAGE_FILE.test(new URL(href, 'https://x.invalid/').pathname)) {
    return { ...element, tagName: 'span', properties: {} };
  }
  const properties: Element['properties'] = { href };
  const title = attribute(element, 'title');
  if (title) properties.title = title;
  return { ...element, properties };
}

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|bmp|tiff?)$/i;

/** An iframe, a video or an audio as a link to what it shows, named for its provider, else by its title, else by its address. */
function embedAsLink(element: Element, context: CleanContext): Element | null {
  let src = attribute(element, 'src').trim();
  if (!src) {
    for (const child of element.children) {
      if (child.type === 'element' && child.tagName === 'source' && attribute(child, 'src')) {
        src = attribute(child, 'src').trim();
        break;
      }
    }
  }
  const url = src ? safeUrl(src.startsWith('//') ? `https:${src}` : src, context.baseUrl, LINK_PROTOCOLS) : null;
  if (!url) return null;
  const embed = embedAddress(url);
  context.warn(`Conteúdo incorporado mantido como link: ${embed.url}`);
  const name = embed.provider ?? (attribute(element, 'title').trim() || embed.url);
  return { type: 'element', tagName: 'a', properties: { href: embed.url }, children: [{ type: 'text', value: name }] };
}

const PROVIDERS: [RegExp, string][] = [
  [/(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com)$/, 'YouTube'],
  [/(^|\.)vimeo\.com$/, 'Vimeo'],
  [/(^|\.)(twitter\.com|x\.com)$/, 'Twitter'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)facebook\.com$/, 'Facebook'],
  [/(^|\.)spotify\.com$/, 'Spotify'],
  [/(^|\.)soundcloud\.com$/, 'SoundCloud'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
  [/(^|\.)dailymotion\.com$/, 'Dailymotion'],
  [/(^|\.)flickr\.com$/, 'Flickr'],
  [/(^|\.)slideshare\.net$/, 'SlideShare'],
  [/(^|\.)scribd\.com$/, 'Scribd'],
  [/(^|\.)issuu\.com$/, 'Issuu'],
  [/(^|\.)bandcamp\.com$/, 'Bandcamp'],
  [/^podcasts\.apple\.com$/, 'Apple Podcasts'],
  [/(^|\.)datawrapper\.de$/, 'Datawrapper'],
  [/(^|\.)flourish\.studio$/, 'Flourish'],
];

/** An embed's address as a reader would open it (a YouTube player → the video's page), and its provider's name when known. */
export function embedAddress(address: string): { url: string; provider: string | null } {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { url: address, provider: null };
  }
  const host = url.hostname.toLowerCase();
  const youtube = /(^|\.)(youtube\.com|youtube-nocookie\.com)$/.test(host) && url.pathname.match(/^\/embed\/([\w-]+)/);
  if (youtube) url = new URL(`https://www.youtube.com/watch?v=${youtube[1]}`);
  const vimeo = host === 'player.vimeo.com' && url.pathname.match(/^\/video\/(\d+)/);
  if (vimeo) url = new URL(`https://vimeo.com/${vimeo[1]}`);
  const provider = PROVIDERS.find(([pattern]) => pattern.test(url.hostname.toLowerCase()))?.[1] ?? null;
  return { url: markdownSafe(url.href), provider };
}

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * An address resolved against the page's own (when known) and written so
 * that it reads back unchanged from the Markdown (spaces, parentheses and
 * angle brackets percent-encoded); null for schemes a post may not use
 * (javascript:, data: …), which the renderer would drop anyway.
 */
function safeUrl(raw: string, baseUrl: string | undefined, protocols: ReadonlySet<string>): string | null {
  if (!raw) return null;
  let url: URL | null;
  try {
    url = new URL(raw, baseUrl);
  } catch {
    url = null;
  }
  if (url) return protocols.has(url.protocol) ? markdownSafe(url.href) : null;
  // Relative, and nothing to resolve it against: kept as written.
  try {
    new URL(raw, 'https://site.invalid/');
  } catch {
    return null;
  }
  return markdownSafe(raw);
}

function markdownSafe(address: string): string {
  return address.replace(/[\s()<>\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Known tracking pixels' hosts and paths (WordPress.com stats, Feedburner, Substack's and Medium's open/read counters, analytics). */
const PIXEL_HOSTS = /^(pixel\.wp\.com|stats\.wp\.com|pixel\.quantserve\.com|sb\.scorecardresearch\.com|(www|ssl)\.google-analytics\.com)$/;
const PIXEL_PATHS: [RegExp, RegExp][] = [
  [/(^|\.)feedburner\.com$/, /^\/~r\//],
  [/(^|\.)(substack\.com|substackcdn\.com)$/, /^\/open(\/|$)/],
  [/(^|\.)medium\.com$/, /^\/_\/stat/],
  [/(^|\.)facebook\.com$/, /^\/tr\/?$/],
];

function isTrackingPixel(element: Element, url: string): boolean {
  const tiny = ['width', 'height'].some((name) => {
    const value = attribute(element, name).trim();
    return value !== '' && /^\d+(\.\d+)?(px)?$/.test(value) && Number.parseFloat(value) <= 1;
  });
  if (tiny) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.toLowerCase();
  return PIXEL_HOSTS.test(host) || PIXEL_PATHS.some(([hosts, path]) => hosts.test(host) && path.test(parsed.pathname));
}

// ---------------------------------------------------------------- the Markdown tree, tidied

/** Drops what the conversion leaves empty, makes a bare address alone in a paragraph a link, and lists the images. */
function tidyMarkdown(root: MdastRoot, dropImages: boolean): string[] {
  const images: string[] = [];
  const seen = new Set<string>();
  const visit = (parent: MdastParents) => {
    const kept: MdastNodes[] = [];
    for (const child of parent.children as MdastNodes[]) {
      if (child.type === 'html') continue;
      if (child.type === 'link' && (!child.url || child.children.length === 0)) {
        kept.push(...child.children);
        continue;
      }
      if (child.type === 'image') {
        if (!child.url || dropImages) continue;
        if (!seen.has(child.url)) {
          seen.add(child.url);
          images.push(child.url);
        }
      }
      if ('children' in child) {
        visit(child);
        if (child.type === 'link' && child.children.length === 0) continue;
        if (child.type === 'paragraph' || child.type === 'heading') {
          trimBreaks(child.children);
          if (isEmpty(child)) continue;
          if (child.type === 'paragraph') linkBareAddress(child.children);
        }
      }
      kept.push(child);
    }
    (parent as { children: MdastNodes[] }).children = kept;
  };
  visit(root);
  return images;
}

function trimBreaks(children: PhrasingContent[]): void {
  while (children[0]?.type === 'break') children.shift();
  while (children.at(-1)?.type === 'break') children.pop();
}

function isEmpty(node: MdastNodes): boolean {
  if (node.type === 'image') return false;
  if (node.type === 'text' || node.type === 'inlineCode') return !node.value.trim();
  if ('children' in node) return node.children.every(isEmpty);
  return node.type === 'break';
}

/** A paragraph that is only an address (an oEmbed line): a link, so the address reads back exactly (text would be escaped). */
function linkBareAddress(children: PhrasingContent[]): void {
  const only = children.length === 1 ? children[0] : undefined;
  if (only?.type !== 'text') return;
  const value = only.value.trim();
  if (!/^https?:\/\/\S+$/.test(value)) return;
  const url = safeUrl(value, undefined, LINK_PROTOCOLS);
  if (!url) return;
  children[0] = { type: 'link', url, title: null, children: [{ type: 'text', value: url }] };
}
