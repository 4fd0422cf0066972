/**
 * An outlet's author page or feed: the RSS/Atom it names in
 * <link rel="alternate">, read with fast-xml-parser; its pieces not yet
 * among her clips are offered for import.
 */
import { XMLParser } from 'fast-xml-parser';
import type { ClipsFetch } from './fetch.ts';
import { readHead } from './page-head.ts';

export interface FeedItem {
  url: string;
  title: string | null;
  published_on: string | null;
}

export interface FoundFeed {
  feed_url: string;
  title: string | null;
  items: FeedItem[];
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', textNodeName: '#text', processEntities: true });

const text = (v: unknown): string | null => {
  const s = typeof v === 'object' && v ? (v as Record<string, unknown>)['#text'] : v;
  return typeof s === 'string' || typeof s === 'number' ? String(s).replace(/\s+/g, ' ').trim() || null : null;
};
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const day = (v: unknown): string | null => {
  const s = text(v);
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
};

export function parseFeed(xml: string, base: string): { title: string | null; items: FeedItem[] } | null {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a feed's shape is whatever its outlet wrote; every field is checked below
  let doc: Record<string, any>;
  try {
    doc = parser.parse(xml);
  } catch {
    return null;
  }
  const abs = (href: string | null) => {
    try {
      return href ? new URL(href, base).href : null;
    } catch {
      return null;
    }
  };
  if (doc.rss?.channel) {
    const channel = doc.rss.channel;
    const items = list(channel.item).map((i: Record<string, unknown>) => ({ url: abs(text(i.link) ?? text(i.guid)), title: text(i.title), published_on: day(i.pubDate ?? i['dc:date']) }));
    return { title: text(channel.title), items: items.filter((i): i is FeedItem => !!i.url) };
  }
  if (doc.feed) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- idem
    const items = list(doc.feed.entry).map((e: Record<string, any>) => {
      const links = list(e.link) as Record<string, string>[];
      const link = links.find((l) => !l['@rel'] || l['@rel'] === 'alternate') ?? links[0];
      return { url: abs(link?.['@href'] ?? null), title: text(e.title), published_on: day(e.published ?? e.updated) };
    });
    return { title: text(doc.feed.title), items: items.filter((i): i is FeedItem => !!i.url) };
  }
  return null;
}

export async function findFeed(fetch: ClipsFetch, address: string): Promise<FoundFeed> {
  const first = await fetch.feed(address);
  if (!first.ok) {
    await first.body?.cancel();
    throw new Error(`A página respondeu ${first.status}: confira o endereço.`);
  }
  const body = await first.text();
  const direct = parseFeed(body, first.url || address);
  if (direct) return { feed_url: first.url || address, ...direct };
  const feedUrl = readHead(body, first.url || address).feeds[0];
  if (!feedUrl) throw new Error('Nenhum feed RSS ou Atom encontrado nesta página (<link rel="alternate">).');
  const second = await fetch.feed(feedUrl);
  const parsed = second.ok ? parseFeed(await second.text(), feedUrl) : null;
  if (!parsed) throw new Error(`O feed ${feedUrl} não pôde ser lido como RSS ou Atom.`);
  return { feed_url: feedUrl, ...parsed };
}
