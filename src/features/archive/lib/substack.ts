import type { Element } from 'hast';
import Papa from 'papaparse';
import { plainText } from '../../posts/lib/markdown/plain-text';
import { htmlToMarkdown, htmlToText } from './html-to-markdown';
import { attribute, elementsIn, escapeHtml, firstIn, hasClass, HtmlEdits, jsonAttribute, parseHtml, textOf } from './html-source';
import { ArchiveError, type ArchivePlan, type ArchiveWarning, type PlannedImage, type PlannedPost, type SkippedItem } from './plan';
import { firstParagraphExcerpt, sourceSlug } from './post-text';
import { entryForAddress, type ZipReader } from './zip';

/**
 * Substack's export (Settings → Exports): a zip with `posts.csv` (one row a
 * post: post_id `<number>.<slug>`, post_date, is_published, email_sent_at,
 * inbox_sent_at, type, audience, title, subtitle, podcast_url), the bodies in
 * `posts/<post_id>.html` (HTML fragments), per-post delivery and open lists
 * (`posts/<id>.delivers.csv`, `.opens.csv`, never read: they hold readers'
 * addresses) and the subscribers in `email_list.<publication>.csv`, which is
 * only counted: no address leaves this function.
 */
export function readSubstack(zip: ZipReader, fileName: string): ArchivePlan {
  const rows = readCsv(zip, POSTS_CSV);
  for (const column of ['post_id', 'is_published', 'title']) {
    if (rows.length && !(column in rows[0]!)) throw new ArchiveError('malformed_csv', `${POSTS_CSV}: no ${column} column`);
  }
  const lists = zip.names.filter((name) => /^email_list\.[^/]+\.csv$/.test(name));
  const publication = lists.length === 1 ? /^email_list\.([a-z0-9-]+)\.csv$/.exec(lists[0]!)?.[1] ?? null : null;
  const exportedAt = zip.modifiedAt?.(POSTS_CSV) ?? null;

  const posts: PlannedPost[] = [];
  const skipped: SkippedItem[] = [];
  const warnings: ArchiveWarning[] = [];
  const images = new Map<string, PlannedImage>();
  const seen = new Set<string>();
  for (const row of rows) {
    const title = htmlToText(row.title ?? '') || null;
    const postId = (row.post_id ?? '').trim();
    const key = /^(\d+)(?:\.(.*))?$/.exec(postId);
    const type = (row.type ?? 'newsletter').trim().toLowerCase() || 'newsletter';
    const skip = (kind: string, reason: string) => skipped.push({ title: title ?? postId, kind, reason });
    if (!key) {
      skip('row', 'Linha sem post_id válido: não importada.');
      continue;
    }
    const id = key[1]!;
    const rawSlug = key[2];
    if (seen.has(id)) {
      skip(type, 'Repetido na exportação: importado uma vez só.');
      continue;
    }
    seen.add(id);
    if (type === 'page') {
      skip('page', 'Página, não post: não importada.');
      continue;
    }
    const htmlFile = `posts/${postId}.html`;
    if (!zip.names.includes(htmlFile)) {
      skip(type, `Texto ausente na exportação (${htmlFile}): não importado.`);
      continue;
    }
    const body = substackBody(zip.text(htmlFile));
    const converted = htmlToMarkdown(body.html);
    const hasText = plainText(converted.markdown) !== '' || converted.images.length > 0;
    if (!hasText && type === 'thread') {
      skip('thread', 'Conversa (thread) sem texto: não importada.');
      continue;
    }
    if (!hasText && type === 'podcast') {
      skip('podcast', 'Podcast sem texto (o áudio não é importado): não importado.');
      continue;
    }
    let content = converted.markdown;
    const podcastUrl = (row.podcast_url ?? '').trim();
    const published = (row.is_published ?? '').trim().toLowerCase() === 'true';
    const postTitle = title ?? sourceSlug(rawSlug)?.replace(/-/g, ' ') ?? `Substack ${id}`;
    const notes: string[] = [...converted.warnings, ...body.warnings];
    if (type === 'podcast' && /^https?:\/\//.test(podcastUrl)) {
      content = `${htmlToMarkdown(`<p><a href="${escapeHtml(podcastUrl)}">${escapeHtml(podcastUrl)}</a></p>`).markdown}\n\n${content}`;
      notes.push('Podcast: o áudio fica no Substack; o texto vem com o link para ele.');
    }
    const audience = (row.audience ?? '').trim();
    if (audience === 'only_paid' || audience === 'founding') notes.push('Só para assinantes pagantes no Substack: aqui ficará aberto a todos.');
    let date = isoDate(row.post_date);
    if (!date) {
      date = exportedAt ?? newestDate(rows) ?? new Date(0).toISOString();
      notes.push('Sem data na exportação: recebeu a data em que a exportação foi feita.');
    }
    const slug = sourceSlug(rawSlug);
    const subtitle = htmlToText(row.subtitle ?? '');
    posts.push({
      origin: { source: 'substack', id, url: published && publication && rawSlug ? `https://${publication}.substack.com/p/${rawSlug}` : null },
      language: null,
      title: postTitle,
      excerpt: subtitle || firstParagraphExcerpt(content),
      content,
      sourceCategories: [],
      date,
      status: published ? 'published' : 'draft',
      slug,
      imageUrl: null,
      imageAlt: null,
    });
    for (const message of notes) warnings.push({ item: postTitle, message });
    for (const url of converted.images) if (!images.has(url)) images.set(url, { url, entry: entryForAddress(zip, url, htmlFile) });
  }

  const plan: ArchivePlan = { source: 'substack', fileName, posts, skipped, warnings, images: [...images.values()] };
  if (lists.length) plan.subscribers = lists.reduce((sum, name) => sum + countAddresses(zip, name), 0);
  if (plan.images.some((image) => image.entry !== null)) plan.readEntry = (entry) => zip.read(entry);
  return plan;
}

const POSTS_CSV = 'posts.csv';

function readCsv(zip: ZipReader, name: string): Record<string, string>[] {
  const result = Papa.parse<Record<string, string>>(zip.text(name), { header: true, delimiter: ',', skipEmptyLines: 'greedy' });
  const error = result.errors[0];
  if (error) throw new ArchiveError('malformed_csv', `${name}${error.row === undefined ? '' : `, row ${error.row + 2}`}: ${error.message}`);
  return result.data;
}

/** Rows of the subscriber list that hold an address; the addresses themselves are dropped as each row is read. */
function countAddresses(zip: ZipReader, name: string): number {
  let count = 0;
  let failure: string | null = null;
  Papa.parse<Record<string, string>>(zip.text(name), {
    header: true,
    delimiter: ',',
    skipEmptyLines: 'greedy',
    step: (row) => {
      if (row.errors[0] && failure === null) failure = row.errors[0].message;
      if ((row.data.email ?? '').trim()) count++;
    },
  });
  if (failure !== null) throw new ArchiveError('malformed_csv', `${name}: ${failure}`);
  return count;
}

function isoDate(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function newestDate(rows: Record<string, string>[]): string | null {
  const times = rows.map((row) => isoDate(row.post_date)).filter((d): d is string => d !== null);
  return times.sort().at(-1) ?? null;
}

// ---------------------------------------------------------------- the body

/**
 * Substack's body HTML with its page furniture taken out and its widgets
 * turned into what they show: subscribe forms and Substack's own buttons
 * (subscribe, share, comment, checkout) dropped; a captioned picture as
 * picture and caption, pointing at the original file rather than the CDN's
 * resized copy; footnotes kept as "[1]" marks and numbered notes at the end;
 * tweets as quotes with their link; embedded posts as links.
 */
export function substackBody(html: string): { html: string; warnings: string[] } {
  const root = parseHtml(html);
  const edits = new HtmlEdits(html);
  const warnings: string[] = [];
  let footnotes = 0;
  for (const element of elementsIn(root)) {
    const component = attribute(element, 'dataComponentName');
    if (component === 'SubscribeWidgetToDOM' || hasClass(element, 'subscription-widget-wrap') || hasClass(element, 'subscription-widget-wrap-editor')) {
      edits.remove(element);
    } else if (hasClass(element, 'button-wrapper') || component === 'ButtonCreateButton') {
      edits.replace(element, button(element));
    } else if (hasClass(element, 'captioned-image-container')) {
      edits.replace(element, () => captionedImage(element, edits));
    } else if (hasClass(element, 'image-gallery-embed')) {
      edits.replace(element, gallery(element));
    } else if (element.tagName === 'a' && hasClass(element, 'image-link')) {
      // a picture linked to its own larger copy: the picture alone (at its original address)
      const img = firstIn(element, (e) => e.tagName === 'img');
      const href = attribute(element, 'href');
      const elsewhere = href && originalImage(href) === href && !/substackcdn\.com|substack-post-media/.test(href);
      edits.replace(element, img ? (elsewhere ? `<a href="${escapeHtml(href)}">${image(img)}</a>` : image(img)) : '');
    } else if (element.tagName === 'picture') {
      const img = firstIn(element, (e) => e.tagName === 'img');
      edits.replace(element, img ? image(img) : '');
    } else if (element.tagName === 'img') {
      edits.replace(element, image(element));
    } else if (hasClass(element, 'footnote-anchor')) {
      edits.replace(element, `[${escapeHtml(textOf(element))}]`);
    } else if (hasClass(element, 'footnote')) {
      const first = footnotes++ === 0;
      edits.replace(element, () => `${first ? '<hr>' : ''}${footnote(element, edits)}`);
    } else if (hasClass(element, 'tweet')) {
      edits.replace(element, () => tweet(element, edits));
    } else if (hasClass(element, 'embedded-post-wrap') || hasClass(element, 'digest-post-embed')) {
      edits.replace(element, embeddedPost(element));
    } else if (hasClass(element, 'pullquote')) {
      edits.replace(element, () => `<blockquote>${edits.inner(element)}</blockquote>`);
    } else if (hasClass(element, 'latex-rendered')) {
      const expression = String(jsonAttribute(element, 'dataAttrs')?.persistentExpression ?? '');
      edits.replace(element, expression ? `<pre><code>${escapeHtml(expression)}</code></pre>` : '');
    } else if (hasClass(element, 'poll-embed')) {
      warnings.push('Enquete do Substack removida (não há enquetes aqui).');
      edits.remove(element);
    } else if (['paywall-jump', 'header-anchor-parent', 'image-link-expand', 'comment'].some((name) => hasClass(element, name))) {
      edits.remove(element);
    }
  }
  return { html: edits.apply(), warnings };
}

/** A call to subscribe, share, comment or pay is Substack's own furniture; any other button is a link she made. */
function button(element: Element): string {
  const link = firstIn(element, (e) => e.tagName === 'a');
  const href = (link ? attribute(link, 'href') : '') || String(jsonAttribute(element, 'dataAttrs')?.url ?? '');
  const text = link ? textOf(link) : textOf(element);
  if (!href || !text || isSubstackAction(href)) return '';
  return `<p><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></p>`;
}

function isSubstackAction(href: string): boolean {
  if (href.includes('%%')) return true;
  let url: URL;
  try {
    url = new URL(href, 'https://substack.invalid/');
  } catch {
    return true;
  }
  if (/\/(subscribe|comments?|account|leaderboard|share|upgrade|signup)\/?$/.test(url.pathname)) return true;
  return ['action', 'gift', 'coupon'].some((p) => url.searchParams.has(p)) || url.searchParams.get('utm_content') === 'share';
}

/** The original of a picture Substack serves through its image CDN (`substackcdn.com/image/fetch/<options>/<encoded address>`). */
export function originalImage(src: string): string {
  const match = /^https?:\/\/substackcdn\.com\/image\/fetch\/[^/]*\/(https?%3A%2F%2F.+)$/i.exec(src);
  if (!match) return src;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return src;
  }
}

function imageSource(img: Element): string {
  const original = String(jsonAttribute(img, 'dataAttrs')?.src ?? '');
  return /^https?:\/\//.test(original) ? original : originalImage(attribute(img, 'src'));
}

function image(img: Element, alt = attribute(img, 'alt')): string {
  const size = ['width', 'height'].map((name) => (attribute(img, name) ? ` ${name}="${escapeHtml(attribute(img, name))}"` : '')).join('');
  return `<img src="${escapeHtml(imageSource(img))}" alt="${escapeHtml(alt)}"${size}>`;
}

function captionedImage(container: Element, edits: HtmlEdits): string {
  const img = firstIn(container, (e) => e.tagName === 'img');
  if (!img) return '';
  const attrs = jsonAttribute(img, 'dataAttrs');
  const alt = typeof attrs?.alt === 'string' ? attrs.alt : attribute(img, 'alt');
  const href = typeof attrs?.href === 'string' && /^https?:\/\//.test(attrs.href) ? attrs.href : null;
  const picture = href ? `<a href="${escapeHtml(href)}">${image(img, alt)}</a>` : image(img, alt);
  const caption = firstIn(container, (e) => e.tagName === 'figcaption');
  return `<figure>${picture}${caption ? `<figcaption>${edits.inner(caption)}</figcaption>` : ''}</figure>`;
}

function gallery(element: Element): string {
  const data = jsonAttribute(element, 'dataAttrs')?.gallery as { images?: { src?: unknown }[]; caption?: unknown } | undefined;
  const pictures = (data?.images ?? [])
    .map((item) => String(item.src ?? ''))
    .filter((src) => /^https?:\/\//.test(src))
    .map((src) => `<img src="${escapeHtml(src)}" alt="">`);
  const caption = typeof data?.caption === 'string' && data.caption ? `<figcaption>${escapeHtml(data.caption)}</figcaption>` : '';
  return pictures.length ? `<figure>${pictures.join('')}${caption}</figure>` : '';
}

function footnote(element: Element, edits: HtmlEdits): string {
  const number = firstIn(element, (e) => hasClass(e, 'footnote-number'));
  const mark = `[${escapeHtml(number ? textOf(number) : '')}] `;
  const content = firstIn(element, (e) => hasClass(e, 'footnote-content'));
  if (!content) return '';
  const [first, ...rest] = content.children.filter((child) => child.type !== 'text' || child.value.trim());
  if (first?.type === 'element' && first.tagName === 'p') {
    return `<p>${mark}${edits.inner(first)}</p>${rest.map((node) => edits.original(node)).join('')}`;
  }
  return `<p>${mark}${edits.inner(content)}</p>`;
}

function tweet(element: Element, edits: HtmlEdits): string {
  const attrs = jsonAttribute(element, 'dataAttrs');
  const top = firstIn(element, (e) => e.tagName === 'a' && attribute(e, 'href') !== '');
  const url = typeof attrs?.url === 'string' ? attrs.url : top ? attribute(top, 'href') : '';
  const body = firstIn(element, (e) => hasClass(e, 'tweet-text'));
  const text = body ? edits.inner(body) : escapeHtml(String(attrs?.full_text ?? ''));
  const author = firstIn(element, (e) => hasClass(e, 'tweet-author-name'));
  const handle = firstIn(element, (e) => hasClass(e, 'tweet-author-handle'));
  const by = [author && textOf(author), handle && textOf(handle)].filter(Boolean).join(' ');
  const link = url ? ` <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : '';
  return `<blockquote><p>${text}</p><p>— ${escapeHtml(by)}${link}</p></blockquote>`;
}

function embeddedPost(element: Element): string {
  const attrs = jsonAttribute(element, 'dataAttrs');
  const anchor = firstIn(element, (e) => e.tagName === 'a' && attribute(e, 'href') !== '');
  const url = String(attrs?.url ?? attrs?.canonical_url ?? (anchor ? attribute(anchor, 'href') : ''));
  const titleElement = firstIn(element, (e) => hasClass(e, 'embedded-post-title'));
  const title = String(attrs?.title ?? (titleElement ? textOf(titleElement) : '')) || url;
  const publication = String(attrs?.publication_name ?? '');
  if (!url) return '';
  return `<p><a href="${escapeHtml(url)}">${escapeHtml(title)}</a>${publication ? ` (${escapeHtml(publication)})` : ''}</p>`;
}
