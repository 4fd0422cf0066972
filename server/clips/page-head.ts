/**
 * What a page's head says about the piece, read the way outlets publish it
 * for search engines and link previews: JSON-LD (NewsArticle and kin, with
 * their publisher and author objects), Open Graph, article:* and the
 * common author/date metas, <html lang>. The DOM is linkedom's (no scripts,
 * no network). article-extractor's findings fill what these leave empty.
 */
import { DOMParser } from 'linkedom';

type Json = Record<string, unknown>;
const ARTICLE_TYPES = /^(NewsArticle|Article|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|BlogPosting|Report|WebPage|PressRelease|TechArticle|ScholarlyArticle)$/;

export interface PageHead {
  title?: string;
  outlet?: string;
  logo?: string;
  bylines: string[];
  date?: string;
  language?: string;
  summary?: string;
  image?: string;
  canonical?: string;
  feeds: string[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const first = <T>(v: T | T[] | undefined): T | undefined => (Array.isArray(v) ? v[0] : v);
const typesOf = (o: Json): string[] => [(o['@type'] ?? [])].flat().map(String);

function flatten(value: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(value)) value.forEach((v) => flatten(v, out));
  else if (value && typeof value === 'object') {
    out.push(value as Json);
    if ((value as Json)['@graph']) flatten((value as Json)['@graph'], out);
  }
  return out;
}

function names(value: unknown): string[] {
  return [value].flat().flatMap((v) => {
    if (typeof v === 'string') return [v];
    if (v && typeof v === 'object') return str((v as Json).name) ? [str((v as Json).name)!] : [];
    return [];
  });
}

function imageOf(value: unknown): string | undefined {
  const v = first(value as unknown[]);
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') return str((v as Json).url) ?? str((v as Json).contentUrl);
  return undefined;
}

export function readHead(html: string, base: string): PageHead {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const abs = (href: string | undefined) => {
    if (!href) return undefined;
    try {
      return new URL(href, base).href;
    } catch {
      return undefined;
    }
  };
  const meta = (...keys: string[]) => {
    for (const key of keys) {
      const node = doc.querySelector(`meta[property="${key}"], meta[name="${key}"], meta[itemprop="${key}"]`);
      const content = str(node?.getAttribute('content'));
      if (content) return content;
    }
    return undefined;
  };

  const ld: Json[] = [];
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      flatten(JSON.parse(script.textContent ?? ''), ld);
    } catch {
      // an outlet's broken JSON-LD is ignored, the metas remain
    }
  }
  const article = ld.find((o) => typesOf(o).some((t) => ARTICLE_TYPES.test(t)) && (o.headline || o.datePublished)) ?? {};
  // A publisher named by reference (@id) is described elsewhere in the graph.
  const byId = (o: Json | undefined) => (o && !o.name && o['@id'] ? ld.find((x) => x !== o && x['@id'] === o['@id']) ?? o : o);
  const publisher = byId((first(article.publisher as Json[]) ?? ld.find((o) => typesOf(o).some((t) => /^(NewsMediaOrganization|Organization)$/.test(t)))) as Json | undefined);

  const bylines = names(article.author ?? article.creator).filter((n) => !/^https?:\/\//.test(n));
  const metaAuthor = meta('author', 'byl', 'parsely-author', 'sailthru.author', 'dc.creator', 'article:author', 'twitter:creator');
  if (!bylines.length && metaAuthor && !/^(https?:\/\/|@)/.test(metaAuthor)) bylines.push(metaAuthor.replace(/^by\s+/i, ''));

  const feeds = [...doc.querySelectorAll('link[rel~="alternate"]')]
    .filter((l) => /application\/(rss|atom)\+xml/.test(l.getAttribute('type') ?? ''))
    .map((l) => abs(l.getAttribute('href') ?? undefined))
    .filter((u): u is string => !!u);

  return {
    title: meta('og:title', 'twitter:title') ?? str(article.headline) ?? str(doc.querySelector('title')?.textContent),
    outlet: str(publisher?.name) ?? meta('og:site_name', 'application-name', 'publisher', 'Publisher'),
    logo: abs(imageOf(publisher?.logo)) ?? abs(doc.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href') ?? undefined),
    bylines,
    date: str(article.datePublished) ?? meta('article:published_time', 'datePublished', 'pubdate', 'publishdate', 'date', 'dc.date', 'dcterms.created', 'parsely-pub-date', 'sailthru.date', 'og:published_time'),
    language: str(doc.documentElement?.getAttribute('lang')) ?? meta('og:locale', 'content-language', 'language') ?? str(article.inLanguage),
    summary: meta('og:description', 'description', 'twitter:description') ?? str(article.description),
    image: abs(meta('og:image', 'og:image:url', 'twitter:image', 'twitter:image:src') ?? imageOf(article.image)),
    canonical: abs(doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined),
    feeds,
  };
}
