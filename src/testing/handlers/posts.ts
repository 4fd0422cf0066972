import { http } from 'msw';
import { restUrl } from '../api';
import { postFixtures, postSlugFixtures } from '../fixtures/posts';
import { pgrstAnswer, selectRows } from './postgrest';

/** GET and HEAD blog_posts as PostgREST answers them (lists, pages, counts, .single() with 406 PGRST116 on a miss). */
const answer = ({ request }: { request: Request }) => pgrstAnswer(request, selectRows(postFixtures, new URL(request.url)));

/** GET blog_post_corrections (issue 26): none by default; a test serves its own. */
const corrections = ({ request }: { request: Request }) => pgrstAnswer(request, []);

/** GET blog_post_slugs: the addresses a visitor may follow (issue 23). */
const slugs = ({ request }: { request: Request }) => pgrstAnswer(request, selectRows(postSlugFixtures, new URL(request.url)));

export const postsHandlers = [
  http.get(restUrl('blog_posts'), answer),
  http.head(restUrl('blog_posts'), answer),
  http.get(restUrl('blog_post_slugs'), slugs),
  http.get(restUrl('blog_post_corrections'), corrections),
];
