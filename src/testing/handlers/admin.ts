import { http, HttpResponse } from 'msw';
import { restUrl } from '../api';
import { pgrstAnswer } from './postgrest';

/**
 * rpc('slugify') for the post dialog's preview: the database folds accents
 * with unaccent; NFD plus dropping the marks gives the same words for the
 * Portuguese and English titles of the tests.
 */
export function testSlugify(value: string): string {
  const words = value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return words || 'post';
}

/**
 * The admin's writes as PostgREST answers them (reference §1.4): an insert or
 * update with `.select().single()` gets 201/200 and the row as one object; a
 * delete or a minimal update gets 204. Stateless: the row is built from the
 * request, so tests assert on what was sent and override for failures.
 */
const idFrom = (request: Request) => new URL(request.url).searchParams.get('id')?.replace(/^eq\./, '') ?? '';
const single = (request: Request) => (request.headers.get('accept') ?? '').startsWith('application/vnd.pgrst.object+json');
const wantsRow = (request: Request) => (request.headers.get('prefer') ?? '').includes('return=representation');

export const adminHandlers = [
  http.post(restUrl('blog_posts'), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    const row = {
      id: crypto.randomUUID(),
      created_at: new Date().toISOString(),
      excerpt: null,
      content: null,
      category: null,
      image_url: null,
      slug: testSlugify(String(body.title ?? '')),
      ...body,
    };
    if (!wantsRow(request)) return new HttpResponse(null, { status: 201 });
    return HttpResponse.json(single(request) ? row : [row], { status: 201 });
  }),
  http.patch(restUrl('blog_posts'), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    if (!wantsRow(request)) return new HttpResponse(null, { status: 204 });
    return pgrstAnswer(request, [{ id: idFrom(request), created_at: '2024-03-15T12:00:00+00:00', date: '2024-03-15T12:00:00+00:00', ...body }]);
  }),
  http.delete(restUrl('blog_posts'), () => new HttpResponse(null, { status: 204 })),
  http.patch(restUrl('site_settings'), () => new HttpResponse(null, { status: 204 })),
  // Issue 26: a post without earlier versions, review links or corrections (tests serve their own).
  ...['blog_post_revisions', 'blog_post_review_links', 'blog_post_corrections'].flatMap((table) => [
    http.get(restUrl(table), ({ request }) => pgrstAnswer(request, [])),
    http.head(restUrl(table), ({ request }) => pgrstAnswer(request, [])),
  ]),
  http.post(restUrl('rpc/slugify'), async ({ request }) => {
    const { value } = (await request.json()) as { value: string };
    return HttpResponse.json(testSlugify(value));
  }),
];
