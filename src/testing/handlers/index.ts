import type { RequestHandler, WebSocketHandler } from 'msw';
import { adminHandlers } from './admin';
import { authHandlers } from './auth';
import { backupsHandlers } from './backups';
import { clipsHandlers } from './clips';
import { fediverseHandlers } from './fediverse';
import { postsHandlers } from './posts';
import { publicClipsHandlers } from './public-clips';
import { realtimeHandlers } from './realtime';
import { settingsHandlers } from './settings';
import { statsHandlers } from './stats';

// One file per resource (posts.ts, settings.ts, auth.ts…), each exporting its
// default handlers, shaped like the real REST/auth answers; collected here.
export const handlers: (RequestHandler | WebSocketHandler)[] = [
  ...authHandlers,
  ...adminHandlers,
  ...postsHandlers,
  ...publicClipsHandlers,
  ...settingsHandlers,
  ...realtimeHandlers,
  ...statsHandlers,
  ...backupsHandlers,
  ...clipsHandlers,
  ...fediverseHandlers,
];
