import { http } from 'msw';
import { restUrl } from '../api';
import { settingFixtures } from '../fixtures/settings';
import { pgrstAnswer, selectRows } from './postgrest';

/** GET site_settings by language, ordered by key, as PostgREST answers it. */
export const settingsHandlers = [
  http.get(restUrl('site_settings'), ({ request }) =>
    pgrstAnswer(request, selectRows(settingFixtures, new URL(request.url))),
  ),
];
