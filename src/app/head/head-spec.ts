/**
 * What the <head> of a server-rendered page holds, as data: built by the
 * page's head builder (home-head.ts, post-head.ts, not-found-head.ts) from the
 * same cached query data the page renders, and turned into tags by the server
 * renderer (src/app/ssr/head-tags.tsx), which escapes every value.
 */
export interface MetaTag {
  /** <meta name=…> (description, twitter:*) */
  name?: string;
  /** <meta property=…> (og:*, article:*) */
  property?: string;
  content: string;
}

export interface LinkTag {
  rel: string;
  href: string;
  hreflang?: string;
  type?: string;
  title?: string;
}

export interface HeadSpec {
  /** <html lang> */
  lang: string;
  title: string;
  /** Left out where the page must not describe itself (a review link's page: issue 26). */
  description?: string;
  /** Absolute URL of the page's one address. */
  canonical?: string;
  /** e.g. 'noindex' on not-found pages. */
  robots?: string;
  /** <meta name="referrer">: 'no-referrer' where the address holds a secret (issue 26). */
  referrer?: string;
  meta: MetaTag[];
  links: LinkTag[];
  /**
   * The id of the element that completes the page's first screen (its largest
   * text): the browser draws nothing before it is parsed, so the first paint
   * shows that screen whole (<link rel="expect" blocking="render">, issue 28:
   * without it the first frame came, at random, after the header alone, and
   * the page's largest paint one frame later).
   */
  firstScreen?: string;
  /** One JSON-LD document (schema.org), written into a script tag. */
  jsonLd?: Record<string, unknown>;
}

export interface ShareImage {
  url: string;
  /** Known for the generated cards; unknown for an image the author linked. */
  width?: number;
  height?: number;
  alt: string;
}

/** Absolute URL of a site path. `siteUrl` is an origin (SITE_URL, or the request's). */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).href;
}

/** At most `max` characters, cut at a word and marked with an ellipsis: for descriptions. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:!?—–-]+$/, '')}…`;
}

/** Open Graph and Twitter tags of a share image. */
export function shareImageMeta(image: ShareImage): MetaTag[] {
  const meta: MetaTag[] = [{ property: 'og:image', content: image.url }];
  if (image.url.startsWith('https:')) meta.push({ property: 'og:image:secure_url', content: image.url });
  if (image.width && image.height) {
    meta.push({ property: 'og:image:width', content: String(image.width) });
    meta.push({ property: 'og:image:height', content: String(image.height) });
  }
  meta.push({ property: 'og:image:alt', content: image.alt });
  meta.push({ name: 'twitter:card', content: 'summary_large_image' });
  meta.push({ name: 'twitter:image', content: image.url });
  meta.push({ name: 'twitter:image:alt', content: image.alt });
  return meta;
}

/** The 1200×630 size of the generated share cards (the size Facebook, LinkedIn and X show large). */
export const SHARE_CARD = { width: 1200, height: 630 } as const;
