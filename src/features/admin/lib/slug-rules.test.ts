import { slugErrorOf, slugProblem } from './slug-rules';

describe('slug rules (issue 23)', () => {
  it('takes words of a–z and 0–9 joined by single hyphens, up to 80 characters', () => {
    expect(slugProblem('comunicacao-de-crise-em-2024')).toBeNull();
    expect(slugProblem(' ')).toBe('empty');
    for (const bad of ['Crise', 'crise em 2024', 'comunicação', 'crise_2024', '-crise', 'crise-', 'crise--2024', 'a/b', 'x'.repeat(81)]) {
      expect(slugProblem(bad), bad).toBe('format');
    }
    expect(slugProblem('x'.repeat(80))).toBeNull();
  });

  it('reads the database’s refusals: format, taken, and the unique constraint of a race', () => {
    expect(slugErrorOf({ code: '23514', details: 'slug_format', message: 'The address "A" may hold only…' })).toBe('format');
    expect(slugErrorOf({ code: '23505', details: 'slug_taken', message: 'The address "translation-tips" is already used' })).toBe('taken');
    expect(
      slugErrorOf({ code: '23505', details: 'Key (language, slug)=(pt, x) already exists.', message: 'duplicate key value violates unique constraint "blog_posts_language_slug_key"' }),
    ).toBe('taken');
    expect(slugErrorOf({ code: '23505', message: 'duplicate key value violates unique constraint "blog_posts_translation_group_language_key"' })).toBeNull();
    expect(slugErrorOf({ code: '23514', details: null, message: 'new row violates check constraint "blog_posts_category_check"' })).toBeNull();
    expect(slugErrorOf(new Error('network'))).toBeNull();
  });
});
