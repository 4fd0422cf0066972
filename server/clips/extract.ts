/**
 * What an article's page says about itself (issue 43, decision 290): the
 * head as outlets publish it for search engines (`page-head.ts`: JSON-LD
 * NewsArticle, Open Graph, author/date metas, <html lang>) for the title,
 * the outlet (publisher's name, never the host), byline, date, language,
 * summary, picture and the outlet's logo; @extractus/article-extractor
 * (Mozilla's Readability on linkedom, its output sanitised) for the
 * readable text, which the archive import's converter turns into this
 * site's Markdown (no raw HTML survives it, nor any picture: an outlet's
 * address there would make readers' browsers call the outlet), and for what
 * the head lacks.
 * Fields the page lacks are null: hers to type.
 */
import { extractFromHtml } from '@extractus/article-extractor';
import { htmlToMarkdown } from '../../src/features/archive/lib/html-to-markdown.ts';
import { readHead } from './page-head.ts';

export interface ClipFields {
  url: string;
  title: string | null;
  outlet: string | null;
  outlet_logo_url: string | null;
  byline: string | null;
  published_on: string | null;
  language: 'pt' | 'en' | null;
  summary: string | null;
  image_url: string | null;
}

export interface Extracted {
  fields: ClipFields;
  /** The readable text as Markdown; null when the page has none worth keeping. */
  markdown: string | null;
  /** RSS/Atom feeds the page names (<link rel="alternate">). */
  feeds: string[];
}

const clean = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
};

const webAddress = (value: unknown, base?: string): string | null => {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/** pt or en from the page's own word; else from the outlet's country domain; else hers to choose. */
function language(value: string | undefined, url: string): 'pt' | 'en' | null {
  const code = (value ?? '').toLowerCase().slice(0, 2);
  if (code === 'pt' || code === 'en') return code;
  if (code) return null;
  return /\.(br|pt)$/.test(new URL(url).hostname) ? 'pt' : null;
}

/** The date as published, in the outlet's own offset when it gives one (22:00 in São Paulo is still that day). */
function day(value: string | undefined): string | null {
  if (!value) return null;
  const written = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  if (written) return written[1]!;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString().slice(0, 10);
}

function outletName(value: string | undefined, url: string): string | null {
  const name = clean(value, 200);
  // twitter:site (@handle) and bare hosts are not names.
  if (!name || name.startsWith('@') || name === new URL(url).hostname.replace(/^www\./, '')) return null;
  return name;
}

export async function extractPage(html: string, url: string): Promise<Extracted> {
  const head = readHead(html, url);
  const article = await extractFromHtml(html, url, { contentLengthThreshold: 200 }).catch(() => null);
  const outlet = outletName(head.outlet ?? article?.source, url);
  const byline = clean(head.bylines.join(', ') || (article?.author && !/^https?:/.test(article.author) ? article.author : ''), 300);
  // No picture of the outlet's in the copy: its main picture is kept in clip-files and shown from there.
  const markdown = article?.content ? htmlToMarkdown(article.content, { baseUrl: url, dropImages: true }).markdown.trim() : '';
  return {
    fields: {
      url,
      title: clean(head.title ?? article?.title, 500),
      outlet,
      outlet_logo_url: webAddress(head.logo),
      byline: byline && outlet && byline.toLowerCase() === outlet.toLowerCase() ? null : byline,
      published_on: day(head.date ?? article?.published),
      language: language(head.language, url),
      summary: clean(head.summary ?? article?.description, 5000),
      image_url: webAddress(head.image ?? article?.image, url),
    },
    markdown: markdown || null,
    feeds: head.feeds,
  };
}
