import { plainText } from './plain-text';

/** Spec of issue 12: 200 words a minute, rounded up, at least a minute. */
export const WORDS_PER_MINUTE = 200;

// A word: letters or digits, with inner apostrophes or hyphens (d’água, bem-vindo, 2024).
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** The words of a post's text as a reader sees them. */
export function countWords(markdown: string): number {
  if (!markdown.trim()) return 0;
  return plainText(markdown).match(WORD)?.length ?? 0;
}

/** "6 min" for 1,150 words. */
export function readingTime(markdown: string): string {
  return `${Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE))} min`;
}
