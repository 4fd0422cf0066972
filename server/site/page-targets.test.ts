import { describe, expect, it } from 'vitest';
import type { PageTarget, SiteRenderer } from '../../src/app/ssr/site-renderer.ts';
import { targetOf } from './page-targets.ts';

function renderer(answer: (path: string) => PageTarget): SiteRenderer & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    target: (path: string) => {
      asked.push(path);
      return answer(path);
    },
  } as unknown as SiteRenderer & { asked: string[] };
}

describe('which page an address leads to', () => {
  it("asks the renderer once per address for a page, and every time for a private one (a search, a review link's token)", () => {
    const site = renderer((path) => (path.startsWith('/preview') ? { kind: 'private', path } : { kind: 'page', key: path, path }));
    for (let i = 0; i < 3; i++) {
      expect(targetOf(site, '/pt/um-post')).toEqual({ kind: 'page', key: '/pt/um-post', path: '/pt/um-post' });
      expect(targetOf(site, '/preview?token=secret')).toEqual({ kind: 'private', path: '/preview?token=secret' });
    }
    expect(site.asked).toEqual(['/pt/um-post', '/preview?token=secret', '/preview?token=secret', '/preview?token=secret']);
  });

  it('asks a new renderer (a rebuild) again, and never holds more than 2,000 addresses', () => {
    const first = renderer((path) => ({ kind: 'page', key: path, path }));
    const second = renderer((path) => ({ kind: 'page', key: `new ${path}`, path }));
    targetOf(first, '/en');
    expect(targetOf(second, '/en')).toEqual({ kind: 'page', key: 'new /en', path: '/en' });
    for (let i = 0; i < 2_001; i++) targetOf(first, `/pt/post-${i}`);
    targetOf(first, '/pt/post-0');
    // Emptied when full: the first address was asked again.
    expect(first.asked.filter((p) => p === '/pt/post-0')).toHaveLength(2);
  });
});
