import { http } from 'msw';
import { restUrl } from '../api';
import { pgrstAnswer } from './postgrest';

/**
 * Her published work (issue 43) when a test does not care about it: no
 * clips. The admin's tab label counts the dead links on every admin page, so
 * every admin test meets this read.
 */
export const clipsHandlers = [
  http.get(restUrl('clips'), ({ request }) => pgrstAnswer(request, [])),
  http.head(restUrl('clips'), ({ request }) => pgrstAnswer(request, [])),
];
