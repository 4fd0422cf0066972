/**
 * A fediverse reply's HTML, as the server stored it (sanitised on arrival by
 * server/fediverse/reply-html.ts: p, br, a with an http(s) href and its rel,
 * span, strong, b, em, i, code, pre, blockquote, ul, ol, li). Before the page
 * puts it into its markup it is checked again, without a parser: every tag
 * must be one of those, in exactly the shape that serialiser writes. Anything
 * else (a row written by other means) is shown as plain text instead, so a
 * stranger's markup can never script or style her page.
 */
const PLAIN_TAG = /^<\/?(p|br|span|strong|b|em|i|code|pre|blockquote|ul|ol|li)>$/;
const CLOSE_A = '</a>';
const OPEN_A = /^<a(?: href="https?:\/\/[^"<>\s]*")?(?: rel="[a-z ]*")?>$/;
const TAG = /<[^>]*>?/g;

export function isSafeReplyHtml(html: string): boolean {
  for (const [tag] of html.matchAll(TAG)) {
    if (PLAIN_TAG.test(tag) || tag === CLOSE_A || OPEN_A.test(tag)) continue;
    return false;
  }
  // A lone '>' is text (the serialiser escapes '<' and '&' only where needed); a '<' outside a tag is not.
  return true;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The reply's words without markup, for a row that failed the check (and for a label). */
export function replyText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/blockquote)\b[^>]*>/gi, '\n')
    .replace(TAG, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** An address from a remote server, kept only when it is http(s): never javascript: or data: in her page. */
export function webAddress(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A replier's picture as the site keeps it (/ap/avatars/<key>.webp, issue 45):
 * the only kind shown, so no reader's browser asks another server for it.
 */
export function keptAvatar(raw: string | null | undefined): string | undefined {
  return raw && /^\/ap\/avatars\/[0-9a-f]{64}\.webp$/.test(raw) ? raw : undefined;
}
