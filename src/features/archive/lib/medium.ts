import type { Element } from 'hast';
import { htmlToMarkdown } from './html-to-markdown';
import { attribute, elementsIn, escapeHtml, firstIn, hasClass, HtmlEdits, innerSpan, parseHtml, textOf } from './html-source';
import type { ArchivePlan, ArchiveWarning, PlannedImage, PlannedPost, SkippedItem } from './plan';
import { firstParagraphExcerpt, sourceSlug } from './post-text';
import { entryForAddress, type ZipReader } from './zip';

/**
 * Medium's export (Settings → Security and apps → Download your
 * information): a zip whose `posts/` holds one HTML file per story, draft or
 * response, each an `article.h-entry`: title `h1.p-name`, subtitle
 * `section[data-field="subtitle"]`, body `section[data-field="body"]`, and in
 * the footer `time.dt-published`, `a.p-canonical` and sometimes the tags
 * (`a.p-tag`). Drafts are the files named `draft_…` (no publication time,
 * no canonical address). Its other folders (profile, claps, bookmarks,
 * lists …) are not posts and are not read.
 *
 * Responses (comments on others' stories) sit in `posts/` like stories and
 * are named like them; what tells them apart is the body: Medium marks the
 * title line of every story (`graf--title`), and a response has none, its
 * `p-name` being made from the start of its text. Those are skipped, and
 * listed, so she sees them.
 */
export function readMedium(zip: ZipReader, fileName: string): ArchivePlan {
  const files = zip.names.filter((name) => /^posts\/[^/]+\.html?$/i.test(name)).sort();
  const stories = files.map((file) => ({ file, story: readStory(zip.text(file), file) }));
  const dated = stories.flatMap(({ story }) => ('post' in story && story.post.date ? [story.post.date] : [])).sort();

  const posts: PlannedPost[] = [];
  const skipped: SkippedItem[] = [];
  const warnings: ArchiveWarning[] = [];
  const images = new Map<string, PlannedImage>();
  for (const { file, story } of stories) {
    if ('reason' in story) {
      skipped.push(story);
      continue;
    }
    const post = story.post;
    if (!post.date) {
      post.date = zip.modifiedAt?.(file) ?? dated.at(-1) ?? new Date(0).toISOString();
      story.warnings.push('Sem data na exportação: recebeu a data em que a exportação foi feita.');
    }
    posts.push(post);
    for (const message of story.warnings) warnings.push({ item: post.title, message });
    for (const url of story.images) if (!images.has(url)) images.set(url, { url, entry: entryForAddress(zip, url, file) });
  }
  const plan: ArchivePlan = { source: 'medium', fileName, posts, skipped, warnings, images: [...images.values()] };
  if (plan.images.some((image) => image.entry !== null)) plan.readEntry = (entry) => zip.read(entry);
  return plan;
}

/** A Medium export's story file (article.h-entry), as readArchive recognises it. */
export function isMediumStory(html: string): boolean {
  return /<article[^>]*class="[^"]*\bh-entry\b/.test(html);
}

type Story = { post: PlannedPost; warnings: string[]; images: string[] } | SkippedItem;

function readStory(html: string, file: string): Story {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const root = parseHtml(html, { document: true });
  const article = firstIn(root, (e) => e.tagName === 'article' && hasClass(e, 'h-entry'));
  const body = article && firstIn(article, (e) => e.tagName === 'section' && attribute(e, 'dataField') === 'body');
  const nameElement = article && firstIn(article, (e) => hasClass(e, 'p-name'));
  const titleElement = firstIn(root, (e) => e.tagName === 'title');
  const title = (nameElement && textOf(nameElement)) || (titleElement && textOf(titleElement)) || '';
  if (!article || !body) return { title: title || base, kind: 'file', reason: 'Arquivo sem história do Medium: ignorado.' };

  const subtitleElement = firstIn(article, (e) => e.tagName === 'section' && attribute(e, 'dataField') === 'subtitle');
  const subtitle = subtitleElement ? textOf(subtitleElement) : '';
  const time = firstIn(article, (e) => e.tagName === 'time' && hasClass(e, 'dt-published'));
  const publishedAt = time ? Date.parse(attribute(time, 'dateTime')) : Number.NaN;
  const draft = base.startsWith('draft_') || Number.isNaN(publishedAt);
  const canonicalLink = firstIn(article, (e) => e.tagName === 'a' && hasClass(e, 'p-canonical'));
  const canonical = canonicalLink ? attribute(canonicalLink, 'href') : '';
  const original = firstIn(article, (e) => e.tagName === 'a' && /^https:\/\/medium\.com\/p\/[0-9a-f]+$/.test(attribute(e, 'href')));
  const titleGraf = firstIn(body, (e) => hasClass(e, 'graf--title'));

  if (!draft && !titleGraf && !subtitle && synthesizedTitle(title, textOf(body))) {
    return { title: title || base, kind: 'response', reason: 'Resposta (comentário) a outra história no Medium: não importada.' };
  }

  const id = storyId(canonical) ?? storyId(original ? attribute(original, 'href') : '') ?? /-([0-9a-f]{8,16})\.html?$/i.exec(base)?.[1] ?? base;
  const converted = storyBody(html, body, { title, subtitle, titleGraf });
  const markdown = htmlToMarkdown(converted.html, canonical ? { baseUrl: canonical } : {});
  const images = converted.cover ? [converted.cover.url, ...markdown.images] : markdown.images;
  return {
    post: {
      origin: { source: 'medium', id, url: draft ? null : canonical || null },
      language: null,
      title: title || base,
      excerpt: subtitle || firstParagraphExcerpt(markdown.markdown),
      content: markdown.markdown,
      sourceCategories: elementsIn(article, (e) => e.tagName === 'a' && hasClass(e, 'p-tag')).map(textOf).filter(Boolean),
      date: draft ? '' : new Date(publishedAt).toISOString(),
      status: draft ? 'draft' : 'published',
      slug: sourceSlug(slugOf(canonical, base)),
      imageUrl: converted.cover?.url ?? null,
      imageAlt: converted.cover?.alt ?? null,
    },
    warnings: markdown.warnings,
    images: [...new Set(images)],
  };
}

/** Medium's story key: the hex id that ends its address (`…/my-story-3f9a8b7c6d5e`, `medium.com/p/3f9a8b7c6d5e`). */
function storyId(address: string): string | null {
  if (!address) return null;
  try {
    return /(?:^|[/-])([0-9a-f]{8,16})$/.exec(new URL(address).pathname.replace(/\/$/, ''))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The slug Medium gave the story (its address without the id), else the one in the file's name. */
function slugOf(canonical: string, base: string): string {
  let fromAddress = '';
  try {
    const last = new URL(canonical).pathname.replace(/\/$/, '').split('/').pop() ?? '';
    fromAddress = last.replace(/-?[0-9a-f]{8,16}$/, '');
  } catch {
    // no canonical address: a draft
  }
  return fromAddress || base.replace(/^draft_|^\d{4}-\d{2}-\d{2}_/, '').replace(/-?[0-9a-f]{8,16}\.html?$/i, '').replace(/\.html?$/i, '');
}

const normalize = (text: string) => text.replace(/[…]|\.{3}$/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** Medium made the title from the start of the text (what a response's title is). */
function synthesizedTitle(title: string, bodyText: string): boolean {
  const start = normalize(title);
  return start !== '' && normalize(bodyText).startsWith(start);
}

interface StoryParts {
  title: string;
  subtitle: string;
  titleGraf: Element | undefined;
}

/**
 * The body's HTML as the site shows a post: the title and subtitle lines
 * Medium repeats at the top dropped (the page shows them already), the
 * first section break dropped and the others kept as rules, Medium's two
 * heading sizes as ## and ###, a link preview ("mixtape") as its link, and
 * the featured picture, when it opens the story, as the post's cover (its
 * caption stays at the top of the text).
 */
function storyBody(html: string, body: Element, parts: StoryParts): { html: string; cover: { url: string; alt: string | null } | null } {
  const edits = new HtmlEdits(html);
  const firstDivider = firstIn(body, (e) => hasClass(e, 'section-divider') && e.tagName === 'div');
  if (firstDivider) edits.remove(firstDivider);
  const grafs = elementsIn(body, (e) => hasClass(e, 'graf'));
  const same = (element: Element, text: string) => text !== '' && normalize(textOf(element)) === normalize(text);
  const dropped = new Set<Element>();
  const opening = grafs.slice(0, 2);
  for (const graf of opening) {
    const heading = /^h[1-4]$/.test(graf.tagName);
    if (graf === parts.titleGraf || (heading && graf === grafs[0] && same(graf, parts.title))) dropped.add(graf);
    else if (hasClass(graf, 'graf--subtitle') && (same(graf, parts.subtitle) || !parts.subtitle)) dropped.add(graf);
  }
  for (const graf of dropped) edits.remove(graf);

  let cover: { url: string; alt: string | null } | null = null;
  const lead = grafs.find((graf) => !dropped.has(graf));
  const featured = lead?.tagName === 'figure' ? firstIn(lead, (e) => e.tagName === 'img' && attribute(e, 'dataIsFeatured') === 'true') : undefined;
  if (lead && featured && /^https?:\/\//.test(attribute(featured, 'src'))) {
    const caption = firstIn(lead, (e) => e.tagName === 'figcaption');
    cover = { url: attribute(featured, 'src'), alt: attribute(featured, 'alt') || (caption ? textOf(caption) : '') || null };
    edits.replace(lead, () => (caption ? `<figcaption>${edits.inner(caption)}</figcaption>` : ''));
  }

  for (const element of elementsIn(body)) {
    if (dropped.has(element)) continue;
    if (element.tagName === 'h3' || element.tagName === 'h4') {
      const level = element.tagName === 'h3' ? 'h2' : 'h3';
      edits.replace(element, () => `<${level}>${edits.inner(element)}</${level}>`);
    } else if (hasClass(element, 'graf--mixtapeEmbed')) {
      const link = firstIn(element, (e) => e.tagName === 'a' && attribute(e, 'href') !== '');
      const strong = firstIn(element, (e) => e.tagName === 'strong');
      const href = link ? attribute(link, 'href') : '';
      const text = (strong && textOf(strong)) || href;
      edits.replace(element, href ? `<p><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></p>` : '');
    }
  }
  const span = innerSpan(body);
  return { html: span ? edits.apply(span) : '', cover };
}
