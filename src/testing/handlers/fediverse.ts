import { http } from 'msw';
import { restUrl } from '../api';
import { pgrstAnswer, selectRows } from './postgrest';

/** Her two accounts as a fresh site has them, and approved replies (none by default), as the public pages read them (issue 45). */
export const publicFediverse = {
  accounts: [
    { language: 'pt', handle: 'pt', also_known_as: null, updated_at: '2026-11-28T12:00:00+00:00' },
    { language: 'en', handle: 'en', also_known_as: null, updated_at: '2026-11-28T12:00:00+00:00' },
  ] as Record<string, unknown>[],
  replies: [] as Record<string, unknown>[],
};

export const fediverseHandlers = [
  http.get(restUrl('fediverse_accounts'), ({ request }) => pgrstAnswer(request, selectRows(publicFediverse.accounts, new URL(request.url)))),
  http.get(restUrl('fediverse_replies'), ({ request }) => pgrstAnswer(request, selectRows(publicFediverse.replies, new URL(request.url)))),
];
