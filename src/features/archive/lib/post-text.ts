import { isSlug, SLUG_MAX_LENGTH } from '../../../lib/slug';
import { plainText } from '../../posts/lib/markdown/plain-text';
import { parseMarkdown } from '../../posts/lib/markdown/parse';

/** Words a reader reads per minute, for the reading time of imported posts. */
const WORDS_PER_MINUTE = 200;
/** An excerpt made from the first paragraph stops at a word near this many characters. */
const EXCERPT_LENGTH = 280;

/** '7 min' for the words of the Markdown; at least '1 min'. */
export function readTimeOf(markdown: string): string {
  const words = plainText(markdown).split(/\s+/).filter(Boolean).length;
  return `${Math.max(1, Math.round(words / WORDS_PER_MINUTE))} min`;
}

/** The first paragraph with text, as plain text, cut at a word with "…" when long; null when there is none. */
export function firstParagraphExcerpt(markdown: string): string | null {
  for (const token of parseMarkdown(markdown)) {
    if (token.type !== 'paragraph') continue;
    const text = plainText(token.raw);
    if (!text) continue;
    if (text.length <= EXCERPT_LENGTH) return text;
    const cut = text.slice(0, EXCERPT_LENGTH);
    const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_LENGTH / 2)).replace(/[\s,;:.–—-]+$/, '');
    return `${atWord}…`;
  }
  return null;
}

/**
 * The source's slug as this site's address, or null to let the database make
 * one from the title: lower case, accents folded, anything else a hyphen,
 * cut at a word within 80 characters (the database checks the same rule).
 */
export function sourceSlug(value: string | null | undefined): string | null {
  if (!value) return null;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // a stray % stays as it is and becomes a hyphen below
  }
  let slug = decoded
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length > SLUG_MAX_LENGTH) slug = slug.slice(0, SLUG_MAX_LENGTH).replace(/-[^-]*$/, '');
  return isSlug(slug) ? slug : null;
}
