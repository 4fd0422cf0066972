import { http } from 'msw';
import { restUrl } from '../api';
import { postFixtures } from '../fixtures/posts';
import { pgrstAnswer, selectRows } from './postgrest';

/** GET and HEAD blog_posts as PostgREST answers them (lists, pages, counts, .single() with 406 PGRST116 on a miss). */
const answer = ({ request }: { request: Request }) => pgrstAnswer(request, selectRows(postFixtures, new URL(request.url)));

export const postsHandlers = [http.get(restUrl('blog_posts'), answer), http.head(restUrl('blog_posts'), answer)];
