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

export function isAllowedRedirect(target: string, settings: Pick<AuthSettings, 'siteUrl' | 'additionalRedirectUrls'>): boolean {
  const origin = originOf(target);
  if (!origin || origin === 'null') return false;
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
