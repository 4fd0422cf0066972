import { http } from 'msw';
import { restUrl } from '../api';
import { publicClips } from '../fixtures/public-clips';
import { pgrstAnswer, selectRows } from './postgrest';

/** GET clips and clip_copies as the public pages read them (issue 43); the rows are `publicClips`, empty by default. */
export const publicClipsHandlers = [
  http.get(restUrl('clips'), ({ request }) => pgrstAnswer(request, selectRows(publicClips.clips, new URL(request.url)))),
  http.get(restUrl('clip_copies'), ({ request }) => pgrstAnswer(request, selectRows(publicClips.copies, new URL(request.url)))),
];
