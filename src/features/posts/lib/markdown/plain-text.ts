import type { Token, Tokens } from 'marked';
import { decodeEntities } from './entities';
import { parseMarkdown } from './parse';

/** Tokens whose children are blocks (separated by a space); the others hold inline text (joined as is). */
const BLOCK_CONTAINERS = new Set(['blockquote', 'list_item']);

/** What a reader reads of a token: its text, link texts and image descriptions, not the addresses or the syntax. */
function readable(token: Token): string {
  const t = token as Tokens.Generic;
  if (t.type === 'list') return (t as Tokens.List).items.map(readable).join(' ');
  if (t.type === 'table') {
    const table = t as Tokens.Table;
    return [...table.header, ...table.rows.flat()].map((cell) => cell.tokens.map(readable).join('')).join(' ');
  }
  if (t.tokens) return t.tokens.map(readable).join(BLOCK_CONTAINERS.has(t.type) ? ' ' : '');
  if (t.type === 'image') return decodeEntities(String(t.text));
  if (t.type === 'text' || t.type === 'codespan') return decodeEntities(String(t.text));
  if (t.type === 'br') return ' ';
  if (t.type === 'html') return '';
  return typeof t.text === 'string' ? t.text : '';
}

/** A post's Markdown as the plain text a reader reads (descriptions, feeds). */
export function plainText(markdown: string): string {
  return parseMarkdown(markdown).map(readable).join(' ').replace(/\s+/g, ' ').trim();
}
