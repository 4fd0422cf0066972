import type { Token, Tokens } from 'marked';
import { parseMarkdown } from './parse';

/** Spec of issue 12: 200 words a minute, rounded up, at least a minute. */
export const WORDS_PER_MINUTE = 200;

// A word: letters or digits, with inner apostrophes or hyphens (d’água, bem-vindo, 2024).
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** What a reader reads of the tokens: their text, link texts and image descriptions, not the addresses or the syntax. */
function readableText(tokens: readonly Token[], out: string[] = []): string[] {
  for (const token of tokens) {
    const t = token as Tokens.Generic;
    if (t.type === 'list') for (const item of (t as Tokens.List).items) readableText(item.tokens, out);
    else if (t.type === 'table') {
      const table = t as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) readableText(cell.tokens, out);
    } else if (t.tokens) readableText(t.tokens, out);
    else if (t.type === 'image') out.push(String(t.text));
    else if (typeof t.text === 'string' && t.type !== 'html') out.push(t.text);
  }
  return out;
}

/** The words of a post's text as a reader sees them. */
export function countWords(markdown: string): number {
  if (!markdown.trim()) return 0;
  return readableText(parseMarkdown(markdown)).join(' ').match(WORD)?.length ?? 0;
}

/** "6 min" for 1,150 words. */
export function readingTime(markdown: string): string {
  return `${Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE))} min`;
}
