/**
 * The clips' fetch (issue 43): the outbound module with this feature's
 * numbers — 10 MB, 20 s in all, at most 5 redirects, pages (HTML), PDFs and
 * pictures only (feeds: RSS/Atom too), a User-Agent naming the site — and
 * OUTBOUND_ALLOW_HOSTS as the only exemption from the private-address rule.
 */
import { createPublicFetch, type PublicFetch, type Resolver } from '../outbound/public-fetch.ts';

export const CLIP_MAX_BYTES = 10 * 1024 * 1024;
export const CLIP_TIMEOUT_MS = 20_000;
export const PAGE_TYPES = ['text/html', 'application/xhtml+xml', 'application/pdf', 'image/*'] as const;
export const FEED_TYPES = [...PAGE_TYPES, 'application/rss+xml', 'application/atom+xml', 'application/xml', 'text/xml'] as const;

export interface ClipsFetchConfig {
  /** parseOutboundAllowHosts(OUTBOUND_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
  /** The site's address, named in the User-Agent so an outlet knows who asks. */
  siteUrl?: string;
  /** Tests only. */
  resolver?: Resolver;
  timeoutMs?: number;
}

export interface ClipsFetch {
  /** An article, a PDF or a picture. */
  page: PublicFetch;
  /** An author page or its feed. */
  feed: PublicFetch;
  close(): Promise<void>;
}

export function clipsUserAgent(siteUrl: string | undefined): string {
  return `journalist-site-clips/1.0 (archives her own published work; +${siteUrl ?? 'self-hosted'})`;
}

export function createClipsFetch(config: ClipsFetchConfig = {}): ClipsFetch {
  const common = {
    timeoutMs: config.timeoutMs ?? CLIP_TIMEOUT_MS,
    connectTimeoutMs: 5_000,
    maxBytes: CLIP_MAX_BYTES,
    maxRedirects: 5,
    allowHosts: config.allowHosts ?? [],
    userAgent: clipsUserAgent(config.siteUrl),
    ...(config.resolver ? { resolver: config.resolver } : {}),
  };
  const page = createPublicFetch({ ...common, accept: PAGE_TYPES });
  const feed = createPublicFetch({ ...common, accept: FEED_TYPES });
  return { page, feed, close: async () => void (await Promise.all([page.close(), feed.close()])) };
}
