/**
 * The contract between the server renderer (entry-server.tsx, built by Vite
 * into dist/.ssr/) and what hosts it: the local backend (server/site/) and the
 * static export (scripts/build-static.ts). Types only, so the server's own
 * type check can read it without the browser's.
 */
export type SiteLanguage = 'pt' | 'en';

export interface SiteRendererOptions {
  /** Where the data is read, with the anon key only: the local backend (in-process) or a hosted project. */
  db: { url: string; key: string; fetch?: typeof fetch };
  /** True when every answer is rendered from current data (the local backend); false for a static export. */
  live: boolean;
}

/** How the server answers a path, known before any data is read (cheap; used as the cache key). */
export type PageTarget =
  | { kind: 'redirect'; status: 301 | 302 | 308; location: string }
  /** /auth and /admin: the browser renders them (the plain SPA shell). */
  | { kind: 'client' }
  /** A public page; `key` names it exactly (the same key, the same HTML), `path` is what gets rendered. */
  | { kind: 'page'; key: string; path: string }
  /**
   * One reader's page (a review link's, issue 26: its address holds a
   * secret): rendered for each request, never kept, never shared with another
   * request, sent with `no-store`, `noindex, nofollow` and `no-referrer`.
   * `path` holds the secret; it is no key of anything.
   */
  | { kind: 'private'; path: string };

export interface RenderedPage {
  status: number;
  /**
   * Set when the page has moved (status 301: /post/<id>, an old slug; issue
   * 23): the same-site path it moved to. The host answers a redirect there
   * and nothing else of the page; known only once the data is read, so it
   * comes from render(), not target().
   */
  location?: string;
  /** <html lang> */
  lang: string;
  /** Tags for <head>: title, description, canonical, Open Graph, JSON-LD… */
  head: string;
  /** The markup inside <div id="root">. */
  body: string;
  /** JSON for <script id="ssr-state" type="application/json">, escaped for a script element; empty when the browser renders the page afresh. */
  state: string;
  /** False when data could not be read (the page is a loading shell then): never cache it. */
  complete: boolean;
  /** One reader's page (issue 26): never kept, whatever its status. */
  private?: true;
}

/** A readable post's addresses (issue 23). */
export interface PublishedPost {
  id: string;
  /** Its address: /pt/<slug> or /en/<slug>. */
  path: string;
  /** The addresses that answer a permanent redirect to it: /post/<id>, and every slug it had while published. */
  previous: string[];
}

export type ShareCardTarget = { kind: 'home'; language: SiteLanguage } | { kind: 'post'; id: string };

/** A card as a React element, which the host draws into a PNG (server/site/card-png.ts). */
export interface ShareCardElement {
  readonly type: unknown;
  readonly props: unknown;
}

export interface SiteRenderer {
  /** Where a path (with its query) leads. */
  target(pathAndQuery: string): PageTarget;
  /** Renders a page target's path; `siteUrl` is the origin of absolute links (canonical, Open Graph). */
  render(path: string, siteUrl: string): Promise<RenderedPage>;
  /** RSS 2.0 of a language's newest published posts. */
  feed(language: SiteLanguage, siteUrl: string): Promise<string>;
  /** RSS 2.0 of her newest published clips (issue 43), in a language's words. */
  clipsFeed(language: SiteLanguage, siteUrl: string): Promise<string>;
  /** The addresses of every archived copy readers may open (issue 43: the static export). */
  clipCopyPaths(): Promise<string[]>;
  /** sitemap.xml: the homes, the published-work lists, and every published post. */
  sitemap(siteUrl: string): Promise<string>;
  robots(siteUrl: string): string;
  /** A 1200×630 link-preview card; null when there is no such published post. */
  shareCard(target: ShareCardTarget): Promise<ShareCardElement | null>;
  /** Every post a visitor may read, with its address and the older ones that lead to it (the static export). */
  publishedPosts(): Promise<PublishedPost[]>;
}
