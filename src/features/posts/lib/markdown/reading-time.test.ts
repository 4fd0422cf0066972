import { plainText } from './plain-text';
import { countWords, readingTime } from './reading-time';

const words = (n: number) => Array.from({ length: n }, (_, i) => `palavra${i}`).join(' ');

describe('reading time', () => {
  it('is 200 words a minute, rounded up, at least 1', () => {
    expect(readingTime('')).toBe('1 min');
    expect(readingTime(words(1))).toBe('1 min');
    expect(readingTime(words(200))).toBe('1 min');
    expect(readingTime(words(201))).toBe('2 min');
    expect(readingTime(words(1150))).toBe('6 min');
  });

  it('counts what the reader reads, not the Markdown syntax or the addresses', () => {
    expect(countWords('## Um título\n\n- **dois** itens\n- [três](https://example.com/uma-url-longa/com-partes)\n\n> quatro')).toBe(6);
    expect(countWords('![uma foto](https://example.com/a.jpg)')).toBe(2);
  });

  it('counts words with apostrophes, hyphens and accents as one', () => {
    expect(countWords('Pão-de-ló, d’água e 2024: reação.')).toBe(5);
  });

  it('gives the plain text of a post for descriptions and feeds', () => {
    expect(plainText('## Título\n\nUm **texto** com [link](https://x.example) e AT&amp;T.\n\n- um\n- dois')).toBe('Título Um texto com link e AT&T. um dois');
  });
});
