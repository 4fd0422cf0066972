import { http } from 'msw';
import { restUrl } from '../api';
import { postFixtures } from '../fixtures/posts';
import { pgrstAnswer, selectRows } from './postgrest';

/** GET blog_posts as PostgREST answers it (lists, and .single() with 406 PGRST116 on a miss). */
export const postsHandlers = [
  http.get(restUrl('blog_posts'), ({ request }) => pgrstAnswer(request, selectRows(postFixtures, new URL(request.url)))),
];
