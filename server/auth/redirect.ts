/**
 * `redirect_to` checks, as GoTrue's isRedirectURLValid: a link may only send
 * people to the site URL or one of the additional redirect URLs, otherwise
 * it falls back to the site URL (no open redirect through our mails).
 *
 * Simplification: an allowed entry matches any URL with the same origin, or
 * with `*` / `**` globs in the entry, the URL matching the glob.
 */
import type { AuthSettings } from '../deps.ts';

function globToRegExp(glob: string): RegExp {
  const escape = (part: string) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  // `**` crosses path segments, `*` stays within one.
  const body = glob
    .split('**')
    .map((piece) => piece.split('*').map(escape).join('[^/]*'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * A path the site serves as its own: `/` then anything but a slash. `//host`
 * and `/\\host` are on our origin to the URL parser but name another host to
 * a browser once the site redirects there (issue 22, finding 1), so they are
 * refused even when the origin is allowed; so are their percent-encoded forms,
 * which no page of ours needs.
 */
function hasLocalPath(target: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(target).pathname;
  } catch {
    return false;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  // An app's own scheme (myapp://callback) has no path at all; http(s) always has one.
  return [pathname, decoded].every((p) => p === '' || /^\/(?:$|[^/\\])/.test(p));
}

export function isAllowedRedirect(target: string, settings: Pick<AuthSettings, 'siteUrl' | 'additionalRedirectUrls'>): boolean {
  const origin = originOf(target);
  if (!origin || origin === 'null' || !hasLocalPath(target)) return false;
  for (const allowed of [settings.siteUrl, ...settings.additionalRedirectUrls]) {
    if (allowed.includes('*')) {
      if (globToRegExp(allowed).test(target)) return true;
    } else if (originOf(allowed) === origin) {
      return true;
    }
  }
  return false;
}

export function safeRedirect(target: string | undefined, settings: Pick<AuthSettings, 'siteUrl' | 'additionalRedirectUrls'>): string {
  return target && isAllowedRedirect(target, settings) ? target : settings.siteUrl;
}
