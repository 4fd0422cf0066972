import { http, HttpResponse } from 'msw';
import { restUrl } from '../api';

/** A page view's beacon (issue 27): record_view answers 204 with no body, as PostgREST does for a void function. */
export const statsHandlers = [http.post(restUrl('rpc/record_view'), () => new HttpResponse(null, { status: 204 }))];
