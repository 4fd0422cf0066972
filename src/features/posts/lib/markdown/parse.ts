import { Lexer, type Token } from 'marked';

/**
 * A post's text as Markdown tokens (marked's lexer): CommonMark with GFM
 * (tables, strikethrough, autolinks, task lists), and `breaks`, so the
 * plain-text posts written before Markdown keep their look: a blank line
 * starts a paragraph and a single line break stays a line break. Tokens, not
 * HTML: markdown.tsx turns them into React elements, which escape all text.
 */
export function parseMarkdown(text: string): Token[] {
  return Lexer.lex(text, { gfm: true, breaks: true });
}
