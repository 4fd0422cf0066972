/**
 * A reply's HTML as the post page may show it: parsed (hast-util-from-html)
 * and cleaned by hast-util-sanitize with a schema narrower than its GitHub
 * default: paragraphs, line breaks, links (http(s) only, opened as external
 * with rel="nofollow noopener noreferrer ugc"), emphasis, code, lists and
 * quotes. No images, no classes, no ids: a stranger's markup never styles or
 * scripts her page.
 */
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';

const SCHEMA: Schema = {
  tagNames: ['p', 'br', 'a', 'span', 'strong', 'b', 'em', 'i', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li'],
  attributes: { a: ['href'] },
  protocols: { href: ['http', 'https'] },
  strip: ['script', 'style'],
  clobberPrefix: '',
};

/** At most this many characters of a reply are kept (Mastodon's own limit is 500; other servers allow more). */
export const MAX_REPLY_TEXT = 5_000;

export function sanitiseReplyHtml(html: string): string {
  const tree = sanitize(fromHtml(html.slice(0, 100_000), { fragment: true }), SCHEMA) as Root;
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'a') child.properties = { ...child.properties, rel: ['nofollow', 'noopener', 'noreferrer', 'ugc'] };
      visit(child);
    }
  };
  visit(tree);
  return toHtml(tree).slice(0, MAX_REPLY_TEXT * 4);
}
