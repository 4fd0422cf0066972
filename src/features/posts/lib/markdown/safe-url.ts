/**
 * The addresses a post may link to or show. Anything that parses as an
 * absolute URL must be http(s) (or mailto/tel for links): `javascript:`,
 * `data:`, `vbscript:` and the like are dropped, however they are spelled
 * (the URL parser removes tabs and newlines and lowercases the scheme, as the
 * browser would). Relative addresses (`/post/…`, `#nota`) stay.
 */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

// new URL rather than URL.canParse, which Safari before 17 lacks.
function parse(href: string, base?: string): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}

function allowed(raw: string, protocols: ReadonlySet<string>): string | undefined {
  const href = raw.trim();
  if (!href) return undefined;
  const absolute = parse(href);
  if (absolute) return protocols.has(absolute.protocol) ? href : undefined;
  // Not absolute: a path, a fragment or a query, resolved against the page.
  return parse(href, 'https://site.invalid/') ? href : undefined;
}

export const safeLinkHref = (href: string) => allowed(href, LINK_PROTOCOLS);
export const safeImageSrc = (src: string) => allowed(src, IMAGE_PROTOCOLS);

/** An address that leaves the site: it opens in a new tab, without access to this page (rel). */
export const isExternal = (href: string) => /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(href.trim());
